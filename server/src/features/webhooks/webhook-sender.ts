import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, isForbiddenAddress, ForbiddenAddressError } from './webhook-address-guard';
import type { SignedHeaders } from './webhook-signing';

/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_BODY_LIMIT = 2048;
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface SendOptions {
  /** false in production: private, loopback and link-local addresses are refused (SSRF). */
  allowPrivateAddresses: boolean;
  timeoutMs: number;
}

export interface SendOutcome {
  ok: boolean;
  status: number | null;
  /** The first 2 KB of the answer (UTF-8). */
  body: string | null;
  durationMs: number;
  /** Why it failed, in words for the delivery log (null on a 2xx). */
  error: string | null;
  /** The answer's headers (names in lower case; null when no answer came). */
  headers: Record<string, string> | null;
}

/** The request headers of a send besides the signature's (the delivery log shows them all). */
export const requestHeadersOf = (body: string, signed: SignedHeaders): Record<string, string> => ({
  'content-type': 'application/json',
  'user-agent': 'CollabHub-Webhooks/1',
  'content-length': String(Buffer.byteLength(body)),
  ...signed,
});

/** At most this many answer headers are kept, each value cut to 512 characters. */
const RESPONSE_HEADER_LIMIT = 50;
const responseHeadersOf = (res: IncomingMessage): Record<string, string> =>
  Object.fromEntries(
    Object.entries(res.headers)
      .slice(0, RESPONSE_HEADER_LIMIT)
      .map(([name, value]) => [name, (Array.isArray(value) ? value.join(', ') : String(value ?? '')).slice(0, 512)]),
  );

/**
 * POSTs one signed delivery and reports what happened; never throws. Bounded: the first 2 KB of
 * the answer are read, then the socket is closed (an endless body holds nothing), and the whole
 * exchange has `timeoutMs`. A 2xx is success; anything else — another status, a timeout (the whole exchange, headers and body, within `timeoutMs`), a
 * network error, a refused address — is a failure to retry. Redirects are not followed.
 */
export function sendWebhook(url: string, body: string, headers: SignedHeaders, opts: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let answerHeaders: Record<string, string> | null = null;
    const finish = (outcome: Omit<SendOutcome, 'durationMs' | 'headers'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, headers: answerHeaders, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish({ ok: false, status: null, body: null, error: 'invalid URL' });
    }
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivateAddresses && isIpLiteral(literal) && isForbiddenAddress(literal)) {
      return finish({ ok: false, status: null, body: null, error: new ForbiddenAddressError(literal, literal).message });
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: requestHeadersOf(body, headers),
        ...(opts.allowPrivateAddresses ? {} : { lookup: guardedLookup }),
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        answerHeaders = responseHeadersOf(res);
        const ok = status >= 200 && status < 300;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          finish({ ok, status, body: truncateUtf8(Buffer.concat(chunks), RESPONSE_BODY_LIMIT), error: ok ? null : `HTTP ${status}` });
          // Whatever else the receiver has to say is not read: the socket is closed.
          req.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= RESPONSE_BODY_LIMIT) done();
        });
        res.on('end', done);
        res.on('error', (err) => finish({ ok: false, status: res.statusCode ?? null, body: null, error: describe(err) }));
      },
    );
    timer = setTimeout(() => {
      finish({ ok: false, status: null, body: null, error: `timed out after ${Math.round(opts.timeoutMs / 1000)} s` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err) => finish({ ok: false, status: null, body: null, error: describe(err) }));
    req.end(body);
  });
}

const isIpLiteral = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

function describe(err: unknown): string {
  if (err instanceof ForbiddenAddressError) return err.message;
  const e = err as NodeJS.ErrnoException;
  const text = e.code ? `${e.code}: ${e.message}` : String(e.message ?? err);
  return text.slice(0, 300);
}

/** At most `limit` bytes, cut on a character boundary. */
function truncateUtf8(buf: Buffer, limit: number): string {
  if (buf.length <= limit) return buf.toString('utf8');
  let end = limit;
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}
