import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertContentKey, type BlobStorage } from './storage';

/**
 * Blobs as files under one directory (STORAGE_DIR, default DATA_DIR/files): `ab/cd/abcd…` by
 * content address. A write goes to a temporary file in the same directory and is renamed into place,
 * so a reader never sees half a file and two writers of the same key both end with the whole one.
 */
export class LocalDiskStorage implements BlobStorage {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    assertContentKey(key);
    return path.join(this.dir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(key: string, data: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    if (await this.exists(key)) {
      if (data instanceof Readable) data.resume();
      return;
    }
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(data instanceof Readable ? data : Readable.from([data]), createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) return null;
    return createReadStream(file);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
