import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { badInput, DomainError } from '../../platform/shared/errors';
import { acceptedType, FILE_MESSAGES, type AcceptedType } from './files.policy';

/** Enough of a file's start for file-type to recognise every type it knows. */
const SNIFF_BYTES = 4100;

/** An upload received into a temporary file: its size, SHA-256 and the type its content shows. */
export interface Received {
  tempPath: string;
  size: number;
  sha256: string;
  type: AcceptedType;
  discard(): Promise<void>;
}

export const tooLarge = (limit: number) => new DomainError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge(limit), 'file');

/**
 * Reads an upload as it arrives into a temporary file, never holding more than a chunk in memory:
 * the type is judged from the first bytes (file-type), so a refused type stops the reading there; a
 * file past `maxBytes` stops it as soon as it passes the limit. Either way the caller's stream is
 * left unread from there on (the transport closes the connection) and the temporary file is removed.
 */
export async function receive(stream: Readable, opts: { maxBytes: number; accept: (t: AcceptedType) => boolean; refused: (detected?: string) => string }): Promise<Received> {
  const tempPath = path.join(tmpdir(), `collab-upload-${randomBytes(8).toString('hex')}`);
  const out = createWriteStream(tempPath, { flags: 'wx' });
  const hash = createHash('sha256');
  const discard = () => rm(tempPath, { force: true });
  let size = 0;
  let head: Buffer[] = [];
  let headBytes = 0;
  let type: AcceptedType | undefined;
  const judge = async (sample: Buffer) => {
    const detected = await fileTypeFromBuffer(sample);
    const t = acceptedType(detected?.mime);
    if (!t || !opts.accept(t)) throw badInput(opts.refused(detected ? `${detected.mime} (.${detected.ext})` : undefined), 'file');
    return t;
  };
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (err) => (err ? reject(err) : resolve())));
  try {
    for await (const data of stream) {
      const chunk = data as Buffer;
      size += chunk.length;
      if (size > opts.maxBytes) throw tooLarge(opts.maxBytes);
      if (!type) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) {
          type = await judge(Buffer.concat(head));
          head = [];
        }
      }
      hash.update(chunk);
      await write(chunk);
    }
    if (size === 0) throw badInput(FILE_MESSAGES.empty, 'file');
    if ((stream as { truncated?: boolean }).truncated) throw tooLarge(opts.maxBytes);
    type ??= await judge(Buffer.concat(head));
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    return { tempPath, size, sha256: hash.digest('hex'), type, discard };
  } catch (err) {
    out.destroy();
    await discard();
    throw err;
  }
}
