import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, addSlots, consecutive, creator, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { AccountType } from '../../users/user.entity';
import { Profile } from '../profile.entity';

let app: TestApp;
let c: Creator;
beforeAll(async () => {
  app = await startTestApp();
  c = await creator(app, [], { displayName: 'Nova Stream' });
  await addSlots(app, c.profileId, consecutive(hourFromNow(app, 30), 1));
});
afterAll(async () => {
  await app?.close();
});

/** 600 × 400: the left half red, the right half blue; with EXIF saying who and where. */
const source = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 220, g: 0, b: 0 } } })
    .composite([{ input: { create: { width: 300, height: 400, channels: 3, background: { r: 0, g: 0, b: 230 } } }, left: 300, top: 0 }])
    .png()
    .withExif({ IFD0: { Artist: 'Nova', Copyright: 'GPS 51.5N' } })
    .toBuffer();

async function putPhoto(token: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'me.png');
  const res = await fetch(`${app.url}/api/v1/users/profile/photo`, { method: 'PUT', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

async function image(url: string) {
  const res = await fetch(`${app.url}${url}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, cache: res.headers.get('cache-control'), type: res.headers.get('content-type'), bytes, meta: res.status === 200 ? await sharp(bytes).metadata() : null };
}

const CREATOR_PAGE = 'query ($id: ID!, $s: Int!) { creator(id: $id) { id avatarUrl(size: $s) small: avatarUrl(size: 40) } }';
const LISTING = 'query { creators(first: 50) { edges { node { id avatarUrl } } } }';

describe('profile photos', () => {
  it('a creator uploads a photo with a crop: served cropped, square, in three sizes, stripped, cached for good, on their page and card', async () => {
    const res = await putPhoto(c.token, await source(), { crop_x: '320', crop_y: '40', crop_width: '240', crop_height: '240' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const urls = res.body.data.avatar_urls;
    expect(Object.keys(urls)).toEqual(['64', '160', '400']);
    expect(res.body.data.avatar_url).toBe(urls['160']);
    for (const [size, url] of Object.entries<string>(urls)) {
      expect(url).toMatch(/^\/api\/v1\/media\/[0-9a-f]{64}\.webp$/);
      const got = await image(url);
      expect(got.status).toBe(200);
      expect(got.type).toBe('image/webp');
      expect(got.cache).toBe('public, max-age=31536000, immutable');
      expect([got.meta!.format, got.meta!.width, got.meta!.height]).toEqual(['webp', Number(size), Number(size)]);
      expect(got.meta!.exif).toBeUndefined();
    }
    // The crop was inside the blue half: every pixel is blue.
    const { data } = await sharp((await image(urls['64'])).bytes).raw().toBuffer({ resolveWithObject: true });
    const [r, , b] = [data[0], data[1], data[2]];
    expect(b).toBeGreaterThan(180);
    expect(r).toBeLessThan(40);

    // The public page (compiled read and graphql-js alike) and the listing card show it, anonymously.
    const page = await app.gql(CREATOR_PAGE, { id: c.profileId, s: 400 });
    expect(page.body.data.creator).toEqual({ id: c.profileId, avatarUrl: urls['400'], small: urls['64'] });
    const listing = await app.gql(LISTING, {});
    const card = listing.body.data.creators.edges.find((e: { node: { id: string } }) => e.node.id === c.profileId);
    expect(card.node.avatarUrl).toBe(urls['160']);
    const rest = await app.rest('GET', `/streamers/${c.profileId}`);
    expect(rest.body.data.avatar_urls).toEqual(urls);
  });

  it('a crop outside the image, a bad crop field or a file that is not an image is refused naming the field; nothing changes', async () => {
    const before = (await app.rest('GET', '/users/streamer-profile', undefined, c.token)).body.data.avatar_urls;
    const outside = await putPhoto(c.token, await source(), { crop_x: '500', crop_y: '0', crop_width: '300', crop_height: '300' });
    expect(outside).toMatchObject({ status: 400, body: { field: 'crop', error: 'crop must lie inside the image' } });
    const bad = await putPhoto(c.token, await source(), { crop_x: '-4', crop_y: '0', crop_width: '300', crop_height: '300' });
    expect(bad).toMatchObject({ status: 400, body: { field: 'crop_x' } });
    const pdf = await putPhoto(c.token, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 0x20)]));
    expect(pdf).toMatchObject({ status: 400, body: { field: 'file', error: 'file must be a PNG, JPEG, WebP or GIF image (this one is application/pdf (.pdf))' } });
    expect((await app.rest('GET', '/users/streamer-profile', undefined, c.token)).body.data.avatar_urls).toEqual(before);
    // An unknown or private key is not served as a public image.
    expect((await image(`/api/v1/media/${'0'.repeat(64)}.webp`)).status).toBe(404);
  });

  it('a brand uploads a logo (no crop: the centre square) and removes it: initials again', async () => {
    const brand: Account = await account(app, 'brand');
    const em = app.orm.em.fork();
    em.create(Profile, { user: brand.userId, accountType: AccountType.BRAND, displayName: 'Acme Drinks' });
    await em.flush();
    const logo = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 1 } } }).png().toBuffer();
    expect((await putPhoto(brand.token, logo)).status).toBe(200);
    const mine = await app.gql('query { myProfile { displayName avatarUrl(size: 64) } }', {}, brand.token);
    const got = await image(mine.body.data.myProfile.avatarUrl);
    expect([got.meta!.width, got.meta!.height]).toEqual([64, 64]);
    const removed = await app.gql('mutation { removeProfilePhoto { avatarUrl } }', {}, brand.token);
    expect(removed.body.data.removeProfilePhoto.avatarUrl).toBeNull();
    const noProfile = await account(app, 'brand');
    expect((await putPhoto(noProfile.token, logo)).body).toMatchObject({ code: 'NOT_FOUND', error: 'Create your profile before adding a photo' });
  });
});
