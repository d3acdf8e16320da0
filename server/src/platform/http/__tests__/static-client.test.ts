import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveClient } from '../static-client';

const INDEX = '<!doctype html><title>CollabHub</title>' + '<p>app</p>'.repeat(200);
const SCRIPT = 'export const answer = 42;'.repeat(100);
const ABOUT_PAGE = '<!doctype html><title>About · CollabHub</title><div id="prerender"><h1>About us</h1></div>' + '<p>x</p>'.repeat(200);
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

let root: string;
let dist: string;
let server: Server;
let port: number;

/** A build like client/dist: index.html and one hashed script, each with .br and .gz beside it. */
function writeBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'routes'));
  const files: Record<string, string> = {
    'index.html': INDEX,
    'assets/index-AbCd1234.js': SCRIPT,
    'favicon.svg': FAVICON,
    'routes/about.html': ABOUT_PAGE,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    if (name === 'favicon.svg') continue; // too small to be precompressed by the build
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
}

function get(urlPath: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        { port, path: urlPath, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'client-dist-'));
  dist = path.join(root, 'dist');
  mkdirSync(dist);
  writeBuild(dist);
  writeFileSync(path.join(root, 'secret.js'), 'SECRET');
  writeFileSync(path.join(root, 'secret.js.br'), brotliCompressSync('SECRET'));
  const app = express();
  serveClient(app, dist);
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it('sends the Brotli file to a browser that accepts it, typed as JavaScript and cached for a year', async () => {
    const res = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when Brotli is not accepted, and the plain file when neither is', async () => {
    const gzipped = await get('/assets/index-AbCd1234.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);

    const refused = await get('/assets/index-AbCd1234.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(SCRIPT);
  });

  it('answers deep links with index.html, compressed and never cached without revalidation', async () => {
    const res = await get('/dashboard?tab=bookings', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);

    const direct = await get('/index.html', 'gzip');
    expect(direct.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(direct.body).toString()).toBe(INDEX);
  });

  it("answers a route with the page file the build wrote for it (its own preloads and prerendered markup)", async () => {
    for (const urlPath of ['/about', '/about/', '/about?ref=footer']) {
      const res = await get(urlPath, 'br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString()).toBe(ABOUT_PAGE);
    }
    // A route without a page file (or a segment that is no page name) gets the app's index.html.
    expect((await get('/faq')).body.toString()).toBe(INDEX);
    expect((await get('/..%2Froutes%2Fabout')).body.toString()).not.toBe(ABOUT_PAGE);
  });

  it('serves a file without variants as it is, cached for an hour', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.toString()).toBe(FAVICON);
  });

  it('never serves a file outside the build, and leaves API paths alone', async () => {
    for (const escape of ['/..%2fsecret.js', '/assets/..%2f..%2fsecret.js', '/%2e%2e/secret.js']) {
      const res = await get(escape, 'br');
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body;
      expect(body.toString()).not.toContain('SECRET');
    }
    expect((await get('/%E0%A4%A.js', 'br')).status).toBeLessThan(500);
    expect((await get('/api/v1/streamers')).status).toBe(404);
  });
});
