import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKey, LocalDiskStorage } from '..';

let dir: string;
let storage: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = new LocalDiskStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local-disk storage', () => {
  it('keeps bytes by content address, from a buffer or a stream, reads them back, forgets them', async () => {
    const bytes = Buffer.from('hello, storage');
    const key = contentKey(bytes);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, bytes, 'text/plain');
    await storage.put(key, Readable.from([bytes]), 'text/plain'); // the same bytes again: one copy
    expect(await storage.exists(key)).toBe(true);
    expect(await text((await storage.get(key))!)).toBe('hello, storage');
    const streamed = Buffer.from('x'.repeat(200_000));
    const key2 = contentKey(streamed);
    await storage.put(key2, Readable.from([streamed.subarray(0, 1000), streamed.subarray(1000)]), 'text/plain');
    expect((await text((await storage.get(key2))!)).length).toBe(200_000);
    expect((await readdir(path.join(dir, key.slice(0, 2), key.slice(2, 4)))).filter((f) => f.endsWith('.part'))).toEqual([]);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses a key that is not a content address (no path can be named)', async () => {
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/content address/);
    await expect(storage.get('..')).rejects.toThrow(/content address/);
  });
});
