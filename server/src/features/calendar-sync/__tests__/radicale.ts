import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../platform/free-port';

/**
 * A real CalDAV server for tests (not a test file): Debian's Radicale with a temporary storage
 * folder and plain htpasswd users, on 127.0.0.1, started and stopped by the test; a counting
 * proxy in front of it tells how many requests a sync made and which.
 */
export interface Radicale {
  /** The proxy's base URL (what the product is given). */
  url: string;
  user: string;
  password: string;
  /** Requests that went through the proxy: method and path. */
  requests: { method: string; path: string }[];
  /** Creates a calendar collection `/<user>/<name>/` and returns its URL (through the proxy). */
  makeCalendar(name: string): Promise<string>;
  put(calendarUrl: string, file: string, ics: string): Promise<number>;
  remove(calendarUrl: string, file: string): Promise<number>;
  get(url: string): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(path.join(tmpdir(), 'radicale-'));
  const user = 'creator';
  const password = 'calendar-pass-1';
  writeFileSync(path.join(dir, 'users'), `${user}:${password}\n`);
  const port = await freePort();
  writeFileSync(path.join(dir, 'config'), [
    '[server]', `hosts = 127.0.0.1:${port}`,
    '[auth]', 'type = htpasswd', `htpasswd_filename = ${path.join(dir, 'users')}`, 'htpasswd_encryption = plain',
    '[storage]', `filesystem_folder = ${path.join(dir, 'collections')}`,
    '[rights]', 'type = owner_only',
    '[logging]', 'level = warning',
  ].join('\n'));
  const child: ChildProcess = spawn('radicale', ['--config', path.join(dir, 'config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const upstream = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${upstream}/.web/`);
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) throw new Error(`radicale did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const requests: { method: string; path: string }[] = [];
  const proxy: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' });
    const out = request(`${upstream}${req.url}`, { method: req.method, headers: { ...req.headers, host: `127.0.0.1:${port}` } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const auth = { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  return {
    url: `${base}/`,
    user,
    password,
    requests,
    async makeCalendar(name) {
      const url = `${upstream}/${user}/${name}/`;
      const body = `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`;
      const res = await fetch(url, { method: 'MKCALENDAR', headers: { ...auth, 'content-type': 'application/xml' }, body });
      if (res.status !== 201) throw new Error(`MKCALENDAR answered ${res.status}`);
      return `${base}/${user}/${name}/`;
    },
    async put(calendarUrl, file, ics) {
      const res = await fetch(calendarUrl.replace(base, upstream) + file, { method: 'PUT', headers: { ...auth, 'content-type': 'text/calendar' }, body: ics });
      return res.status;
    },
    async remove(calendarUrl, file) {
      return (await fetch(calendarUrl.replace(base, upstream) + file, { method: 'DELETE', headers: auth })).status;
    },
    async get(url) {
      const res = await fetch(url.replace(base, upstream), { headers: auth });
      return { status: res.status, body: await res.text() };
    },
    async stop() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
