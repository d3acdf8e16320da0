import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import type { ServerProcess } from './server-process';
import { latencyOf, sleep, type Latency } from './stats';

/** One HTTP request of a scenario; `next()` is asked for every request sent (bodies rotate, slots are used once). */
export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  server: ServerProcess;
  connections: number;
  warmupSeconds: number;
  runSeconds: number;
  next: () => RequestSpec;
  /** A response that is not a success (GraphQL `errors`, an unexpected shape); the message is kept. */
  isError?: (status: number, body: string) => boolean;
}

export interface LoadResult extends Latency {
  requests: number;
  rps: number;
  errors: number;
  firstError: string | null;
  sqlPerRequest: number;
  rssMb: number;
}

/** A GraphQL answer with an `errors` array (Apollo answers resolver errors with status 200). */
export const graphqlFailed = (status: number, body: string) => status !== 200 || body.includes('"errors":[');

/**
 * Warm-up, then a measured closed-loop run with autocannon. Requests, SQL statements and RSS are
 * read from the server's /metrics around the measured run, so SQL per request is server-side truth.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) await cannon(opts, opts.warmupSeconds, () => {});
  await sleep(200);
  const before = await opts.server.metrics();
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const result = await cannon(opts, opts.runSeconds, (ms) => latencies.push(ms), (status, body) => {
    if (!(opts.isError ?? ((s) => s >= 400))(status, body)) return;
    errors += 1;
    firstError ??= `HTTP ${status}: ${body.slice(0, 300)}`;
  });
  const seconds = (performance.now() - started) / 1000;
  await sleep(200); // requests cut at the deadline finish on the server
  const after = await opts.server.metrics();
  const transportErrors = result.errors + result.timeouts;
  if (transportErrors > 0) firstError ??= `${result.errors} connection errors, ${result.timeouts} timeouts`;
  const served = Math.max(1, after.httpRequests - before.httpRequests);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    ...latencyOf(latencies),
    errors: errors + transportErrors,
    firstError,
    sqlPerRequest: (after.sqlStatements - before.sqlStatements) / served,
    rssMb: after.rssBytes / 1024 / 1024,
  };
}

function cannon(
  opts: LoadOptions,
  seconds: number,
  onLatency: (ms: number) => void,
  onBody?: (status: number, body: string) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.server.url,
        connections: opts.connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            setupRequest: (req) => {
              const spec = opts.next();
              return { ...req, method: spec.method, path: spec.path, headers: { 'content-type': 'application/json', ...spec.headers }, body: spec.body };
            },
            // A body is only buffered when someone reads it.
            ...(onBody ? { onResponse: (status: number, body: string) => onBody(status, body) } : {}),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    // autocannon emits (client, statusCode, bytes, responseTime ms); its typings leave out the client.
    (instance as unknown as EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => onLatency(ms));
  });
}
