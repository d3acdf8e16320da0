import { readdir } from 'node:fs/promises';
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, acceptedBooking, consecutive, creator, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { UserRole } from '../../users/user.entity';

const MAX = 1024 * 1024; // per file, for this suite
const PER_SCOPE = 1536 * 1024;

let app: TestApp;
let brand: Account;
let other: Account;
let support: Account;
let c: Creator;
beforeAll(async () => {
  app = await startTestApp({ FILES_MAX_BYTES: String(MAX), FILES_MAX_BYTES_PER_SCOPE: String(PER_SCOPE) });
  [brand, other, support, c] = await Promise.all([account(app), account(app), account(app, 'brand', UserRole.SUPPORT), creator(app)]);
});
afterAll(async () => {
  await app?.close();
});

/** POST /api/v1/files with one part named `field`. */
async function upload(token: string | undefined, bytes: Uint8Array, filename: string, field = 'file', declaredType = 'image/png') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: declaredType }), filename);
  const res = await fetch(`${app.url}/api/v1/files`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

async function download(url: string) {
  const res = await fetch(`${app.url}${url}`);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const fileCount = async () => Number((await app.orm.em.fork().execute<{ n: number }[]>('select count(*)::int as n from files'))[0].n);
const storedBlobs = async () => (await readdir(app.config.STORAGE_DIR, { recursive: true })).filter((f) => /[0-9a-f]{64}$/.test(f)).length;

/** A PDF-looking body of `size` bytes (file-type knows it by its first bytes). */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), Buffer.alloc(size - 15, 0x20)]);

async function startConversation(): Promise<string> {
  const res = await app.rest('POST', '/conversations', { creatorId: c.profileId, text: 'Hi! Can we talk about a sponsored segment?' }, brand.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** What another feature does when a message or delivery carries files (its own request's context). */
const attach = (who: Account, fileIds: string[], scope: string, id: string) =>
  app.server.services.files.attach({ em: app.orm.em.fork(), viewer: { id: who.userId, role: UserRole.USER, accountType: 'brand' as never } }, fileIds, { scope, id });

describe('uploads', () => {
  it('an image is judged by content, re-encoded without its metadata, and served through its signed link', async () => {
    const original = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 90 } } })
      .png()
      .withExif({ IFD0: { Artist: 'Jane Doe', Copyright: 'Home address: 1 Secret Lane' } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(brand.token, original, 'C:\\Users\\jane\\holiday.PNG');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'holiday.png', content_type: 'image/png' });
    expect(Object.keys(res.body.data)).toEqual(expect.arrayContaining(['id', 'name', 'size', 'content_type', 'url']));

    const got = await download(res.body.data.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.bytes.length).toBe(res.body.data.size);
    const meta = await sharp(got.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 30]);
    expect(got.bytes.includes(Buffer.from('Secret Lane'))).toBe(false);

    // A JPEG named .png is kept as the JPEG it is, its GPS and camera data gone.
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'white' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    const asJpeg = await upload(brand.token, jpeg, 'photo.png');
    expect(asJpeg.body.data).toMatchObject({ name: 'photo.jpg', content_type: 'image/jpeg' });
    const served = await download(asJpeg.body.data.url);
    expect((await sharp(served.bytes).metadata()).exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('an executable or an HTML page named .png is refused naming file, and nothing is kept', async () => {
    const [rows, blobs] = [await fileCount(), await storedBlobs()];
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(4000)]);
    exe.write('PE\0\0', 0x80, 'latin1');
    exe.writeUInt32LE(0x80, 0x3c);
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/v1/auth/me")</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name] of [[exe, 'cute-cat.png'], [html, 'cute-cat.png'], [svg, 'logo.svg']] as const) {
      const res = await upload(brand.token, bytes, name);
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_USER_INPUT', field: 'file' });
      expect(res.body.error).toMatch(/^file must be a PNG, JPEG, WebP or GIF image, a PDF, or an MP4 or MOV video/);
    }
    expect(await fileCount()).toBe(rows);
    expect(await storedBlobs()).toBe(blobs);
  });

  it('a request without a file part, or not multipart, or without a sign-in is told what is wrong', async () => {
    const wrongField = await upload(brand.token, pdfOf(100), 'a.pdf', 'attachment');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ field: 'file', error: expect.stringContaining('field named "file"') });
    const json = await app.rest('POST', '/files', { file: 'x' }, brand.token);
    expect(json.status).toBe(400);
    expect(json.body.field).toBe('file');
    const anonymous = await upload(undefined, pdfOf(100), 'a.pdf');
    expect(anonymous.status).toBe(401);
    const empty = await upload(brand.token, new Uint8Array(0), 'a.pdf');
    expect(empty.body).toMatchObject({ field: 'file', error: 'file is empty' });
  });

  it('an oversize file is refused while it arrives: the answer comes long before the client has sent it all', async () => {
    const rows = await fileCount();
    const total = 256 * 1024 * 1024;
    const boundary = 'collabboundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const result = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request(`${app.url}/api/v1/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${brand.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + total) },
      });
      req.on('response', (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body, sentWhenAnswered }));
      });
      req.on('error', (err) => (answered ? undefined : reject(err)));
      const chunk = pdfOf(64 * 1024);
      const pump = () => {
        while (!answered && sent < total) {
          const ok = req.write(sent === 0 ? Buffer.concat([head, chunk]) : Buffer.alloc(64 * 1024, 0x20));
          sent += 64 * 1024;
          if (!ok) return void req.once('drain', pump);
        }
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'file', error: 'file is too large: at most 1 MB per file' });
    // The server answers after about 1 MB; how much more the client has pushed by the time it reads the answer depends on the machine.
    expect(result.sentWhenAnswered).toBeLessThan(total / 4);
    expect(await fileCount()).toBe(rows);
  });
});

describe('who reads a file', () => {
  it('the uploader and the members of the conversation it is attached to; anyone else gets 404', async () => {
    const conversationId = await startConversation();
    const up = await upload(brand.token, pdfOf(2000), 'brief.pdf', 'file', 'application/pdf');
    expect(up.body.data).toMatchObject({ name: 'brief.pdf', content_type: 'application/pdf', size: 2000 });
    const id = up.body.data.id;

    // Not attached yet: only its uploader.
    expect((await app.rest('GET', `/files/${id}`, undefined, c.token)).status).toBe(404);
    await attach(brand, [id], 'conversation', conversationId);

    const asCreator = await app.rest('GET', `/files/${id}`, undefined, c.token);
    expect(asCreator.status).toBe(200);
    const pdf = await download(asCreator.body.data.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('attachment');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const outsider = await app.rest('GET', `/files/${id}`, undefined, other.token);
    expect(outsider).toMatchObject({ status: 404, body: { error: 'File not found' } });
    const gqlOutsider = await app.gql('query ($id: ID!) { file(id: $id) { name signedUrl } }', { id }, other.token);
    expect(gqlOutsider.body.errors[0].extensions.code).toBe('NOT_FOUND');
    // The creator's link with the outsider's id in it is not signed for them.
    const forged = asCreator.body.data.url.replace(`viewer=${c.userId}`, `viewer=${other.userId}`);
    expect((await download(forged)).status).toBe(404);
    expect((await download(`/api/v1/files/${id}/content`)).status).toBe(404);

    const gql = await app.gql('query ($id: ID!) { file(id: $id) { id name size contentType signedUrl signedUrlExpiresAt } }', { id }, c.token);
    expect(gql.body.data.file).toMatchObject({ id, name: 'brief.pdf', size: 2000, contentType: 'application/pdf' });
    expect((await download(gql.body.data.file.signedUrl)).status).toBe(200);

    // Only one's own uploads can be attached, and only where one is a member.
    await expect(attach(c, [id], 'conversation', conversationId)).rejects.toMatchObject({ field: 'file_ids' });
    const mine = await upload(other.token, pdfOf(100), 'mine.pdf');
    await expect(attach(other, [mine.body.data.id], 'conversation', conversationId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("a booking's files: its parties and support; the link expires after five minutes", async () => {
    const start = hourFromNow(app, 48);
    const seller = await creator(app, consecutive(start, 1));
    const { bookingId } = await acceptedBooking(app, brand, seller, start, 1);
    const up = await upload(brand.token, pdfOf(3000), 'deck.pdf');
    await attach(brand, [up.body.data.id], 'booking', bookingId);
    for (const [who, status] of [[seller, 200], [support, 200], [other, 404]] as const) {
      expect((await app.rest('GET', `/files/${up.body.data.id}`, undefined, who.token)).status).toBe(status);
    }
    const link = (await app.rest('GET', `/files/${up.body.data.id}`, undefined, seller.token)).body.data.url;
    expect((await download(link)).status).toBe(200);
    app.clock.advance(301_000);
    const late = await download(link);
    expect(late.status).toBe(403);
    expect(JSON.parse(late.bytes.toString())).toMatchObject({ error: 'This download link has expired: open the file again from where you found it' });
    const fresh = (await app.rest('GET', `/files/${up.body.data.id}`, undefined, seller.token)).body.data.url;
    expect((await download(fresh)).status).toBe(200);
  });

  it('a conversation holds at most FILES_MAX_BYTES_PER_SCOPE of files', async () => {
    const conversationId = await startConversation();
    const first = await upload(brand.token, pdfOf(900 * 1024), 'one.pdf');
    const second = await upload(brand.token, pdfOf(900 * 1024), 'two.pdf');
    await attach(brand, [first.body.data.id], 'conversation', conversationId);
    await expect(attach(brand, [second.body.data.id], 'conversation', conversationId)).rejects.toMatchObject({
      field: 'file_ids',
      message: 'file: the files of this conversation or booking would exceed 1.5 MB in all',
    });
    expect((await app.rest('GET', `/files/${second.body.data.id}`, undefined, c.token)).status).toBe(404);
  });
});
