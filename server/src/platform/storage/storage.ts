import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where the product keeps the bytes of uploaded files and images: a port with a local-disk adapter
 * (local-disk.ts, the default). Keys are content addresses (the SHA-256 of the bytes, 64 hex
 * characters: `contentKey`), so the same bytes are kept once and a key never changes meaning; what a
 * key is (name, type, owner, who may read it) is the business of the feature that stored it.
 */
export interface BlobStorage {
  /** Keeps the bytes under `key` (idempotent: a key already there is left as it is). */
  put(key: string, data: Buffer | Readable, contentType: string): Promise<void>;
  /** The bytes under `key` as a stream, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Forgets `key` (nothing happens when it is not there). */
  delete(key: string): Promise<void>;
}

const KEY_RE = /^[0-9a-f]{64}$/;

/** The content address of `bytes`: its SHA-256 in lower-case hex. */
export const contentKey = (bytes: Buffer | Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Whether `key` is a content address (anything else is refused before it can name a path or an object). */
export const isContentKey = (key: unknown): key is string => typeof key === 'string' && KEY_RE.test(key);

export function assertContentKey(key: string): void {
  if (!isContentKey(key)) throw new Error(`storage key must be a SHA-256 content address, got ${JSON.stringify(key).slice(0, 80)}`);
}
