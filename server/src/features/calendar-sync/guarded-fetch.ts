import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress } from '../webhooks';

export interface FetchLimits {
  /** false in production: private, loopback and link-local addresses are refused (the webhooks' SSRF guard). */
  allowPrivateAddresses: boolean;
  /** The whole exchange (connect, send, the full answer). */
  timeoutMs: number;
  /** A longer answer fails. */
  maxBytes: number;
}

export class FetchError extends Error {}

const MAX_REDIRECTS = 3;

/**
 * `fetch` for outbound calendar requests (iCalendar feeds, CalDAV through tsdav's `fetch`
 * option): node's http(s) with the webhooks' address guard on the address actually connected to,
 * a time cap and a size cap; redirects (GET only) are followed, each hop guarded again.
 */
export function guardedFetch(limits: FetchLimits): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? init.body : init?.body == null ? undefined : String(init.body);
    for (let hop = 0; ; hop++) {
      const answer = await requestOnce(url, method, headers, body, limits);
      const location = answer.headers.get('location');
      if ([301, 302, 303, 307, 308].includes(answer.status) && location && method === 'GET' && hop < MAX_REDIRECTS) {
        url = new URL(location, url);
        continue;
      }
      return answer;
    }
  }) as typeof fetch;
}

function requestOnce(url: URL, method: string, headers: Headers, body: string | undefined, limits: FetchLimits): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new FetchError(`unsupported scheme ${url.protocol}`));
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!limits.allowPrivateAddresses && (/^[\d.]+$/.test(literal) || literal.includes(':')) && isForbiddenAddress(literal)) {
    return Promise.reject(new ForbiddenAddressError(literal, literal));
  }
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const outgoing: Record<string, string> = { 'user-agent': 'CollabHub-Calendar/1' };
    headers.forEach((v, k) => (outgoing[k] = v));
    if (body !== undefined) outgoing['content-length'] = String(Buffer.byteLength(body));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method, headers: outgoing, ...(limits.allowPrivateAddresses ? {} : { lookup: guardedLookup }) }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return fail(new FetchError(`answer larger than ${limits.maxBytes} bytes`));
        chunks.push(chunk);
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        const responseHeaders = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
        const noBody = status === 204 || status === 304 || method === 'HEAD';
        resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
      });
      res.on('error', fail);
    });
    const timer = setTimeout(() => fail(new FetchError(`timed out after ${Math.round(limits.timeoutMs / 100) / 10} s`)), limits.timeoutMs);
    req.on('error', fail);
    req.end(body);
  });
}
