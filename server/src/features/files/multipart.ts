import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { badInput } from '../../platform/shared/errors';
import { FILE_MESSAGES } from './files.policy';
import { tooLarge } from './intake';

/** How long a refused upload's remaining bytes are read (and dropped) after the answer before the connection is cut. */
const LINGER_MS = 2_000;

export interface IncomingFile {
  filename?: string;
  stream: Readable;
}

/**
 * Reads a multipart/form-data request with busboy, streaming its one `file` part into `onFile`
 * (which receives the text fields sent before it); never buffers the file. A part past `maxBytes`
 * is cut there by busboy (`truncated`). When `onFile` refuses (a type, a size), the answer goes out at
 * once, so the client stops sending the rest; one that goes on sending is cut off after LINGER_MS.
 */
export function readUpload<T>(req: Request, res: Response, maxBytes: number, onFile: (file: IncomingFile, fields: Record<string, string>) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const refuse = (err: unknown) => {
      // The answer goes out at once; the rest of the body is read and thrown away for a moment (a
      // lingering close, as nginx does), then the connection is cut if the client is still sending.
      // Closing it at once with unread bytes would reset it, and the client could lose the answer.
      req.unpipe();
      req.resume();
      res.once('finish', () => {
        if (req.complete) return;
        const linger = setTimeout(() => req.socket?.destroy(), LINGER_MS);
        linger.unref();
        req.once('end', () => clearTimeout(linger));
      });
      reject(err);
    };
    if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) return reject(badInput(FILE_MESSAGES.missing, 'file'));
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 2000, parts: 30 } });
    } catch {
      return reject(badInput(FILE_MESSAGES.malformed, 'file'));
    }
    const fields: Record<string, string> = {};
    let handling: Promise<T> | null = null;
    parser.on('field', (name, value) => {
      if (handling) return refuse(badInput(FILE_MESSAGES.cropAfterFile, name));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || handling) {
        stream.resume();
        return;
      }
      stream.on('limit', () => stream.destroy(tooLarge(maxBytes)));
      handling = onFile({ filename: info.filename, stream }, { ...fields });
      handling.catch(refuse);
    });
    parser.on('filesLimit', () => undefined);
    parser.on('error', () => refuse(badInput(FILE_MESSAGES.malformed, 'file')));
    parser.on('close', () => {
      if (!handling) return reject(badInput(FILE_MESSAGES.missing, 'file'));
      handling.then(resolve, () => undefined);
    });
    req.pipe(parser);
  });
}
