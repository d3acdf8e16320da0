import type { EventEmitter } from 'node:events';
import http from 'node:http';
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
  /** Statements per request by kind (first 80 characters), most frequent first. */
  sqlKinds: [string, number][];
  rssMb: number;
}

/** A GraphQL answer with an `errors` array (Apollo answers resolver errors with status 200). */
export const graphqlFailed = (status: number, body: string) => status !== 200 || body.includes('"errors":[');

/** One way of sending load for some seconds: reports every response's latency (and body when asked). */
type Driver = (
  seconds: number,
  onLatency: (ms: number) => void,
  onBody?: (status: number, body: string) => void,
) => Promise<{ transportErrors: number; firstTransportError: string | null }>;

/**
 * Warm-up, then a measured closed-loop run with autocannon: every connection sends its next request
 * as soon as the last one is answered (the server's throughput, and latency at that saturation).
 */
export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  return measure(opts, cannonDriver(opts));
}

/** The closed-loop driver (autocannon). */
const cannonDriver =
  (opts: LoadOptions): Driver =>
  async (seconds, onLatency, onBody) => {
    const result = await cannon(opts, seconds, onLatency, onBody);
    const transportErrors = result.errors + result.timeouts;
    return { transportErrors, firstTransportError: transportErrors > 0 ? `${result.errors} connection errors, ${result.timeouts} timeouts` : null };
  };

/**
 * Warm-up, then a measured open-loop run at a fixed rate: request n is due at start + n/rate,
 * spread evenly over at most `connections` keep-alive connections, and its latency counts from
 * when it was due. A request that waits for a free connection waits on the clock, so a server that
 * falls behind shows it (no coordinated omission).
 */
export function runPaced(opts: LoadOptions & { ratePerSecond: number }): Promise<LoadResult> {
  // Idle sockets are closed by the agent after 30 s, well before the server's 65 s keep-alive
  // (app/server.ts KEEP_ALIVE_MS): the agent never hands out a socket the server is closing.
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections, timeout: 30_000 });
  return measure(opts, async (seconds, onLatency, onBody) => {
    let transportErrors = 0;
    let firstTransportError: string | null = null;
    const total = Math.round(seconds * opts.ratePerSecond);
    const started = performance.now();
    const sent: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / opts.ratePerSecond;
      const wait = due - performance.now();
      if (wait >= 1) await sleep(wait);
      sent.push(
        send(opts.server.url, agent, opts.next()).then(
          ({ status, body }) => {
            onLatency(performance.now() - due);
            onBody?.(status, body);
          },
          (err: Error) => {
            transportErrors += 1;
            firstTransportError ??= err.message;
          },
        ),
      );
    }
    await Promise.all(sent);
    return { transportErrors, firstTransportError };
  }).finally(() => agent.destroy());
}

/** The measured frame both drivers share: warm-up, then server metrics around the measured run. */
async function measure(opts: LoadOptions, drive: Driver): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) await drive(opts.warmupSeconds, () => {});
  return resultOf([await measuredRun(opts, drive, opts.runSeconds)]);
}

/**
 * Closed-loop runs of several request streams in turns within one window, for rows whose ratio is a
 * target (e.g. API keys against anonymous reads through the response cache): after each stream's
 * warm-up, `turns` rounds of runSeconds/turns per stream, the order reversed every other round
 * (A B, B A, A B, …). Run one after another, a machine whose speed drifts (other processes, as on a
 * shared machine) would weigh on one row more than on the other; in turns it weighs on both alike.
 */
export async function runLoadInTurns(
  opts: Omit<LoadOptions, 'next' | 'isError'> & { streams: Pick<LoadOptions, 'next' | 'isError'>[]; turns: number },
): Promise<LoadResult[]> {
  const streams = opts.streams.map((stream) => ({ ...opts, ...stream }));
  for (const stream of streams) if (opts.warmupSeconds > 0) await cannonDriver(stream)(opts.warmupSeconds, () => {});
  const runs: MeasuredRun[][] = streams.map(() => []);
  const order = streams.map((_, i) => i);
  for (let turn = 0; turn < opts.turns; turn++) {
    for (const i of turn % 2 === 0 ? order : [...order].reverse()) runs[i].push(await measuredRun(streams[i], cannonDriver(streams[i]), opts.runSeconds / opts.turns));
  }
  return runs.map((r) => resultOf(r));
}

interface MeasuredRun {
  latencies: number[];
  seconds: number;
  errors: number;
  firstError: string | null;
  /** HTTP requests and SQL statements the server counted meanwhile, and its RSS after. */
  served: number;
  sqlStatements: number;
  sqlKinds: Map<string, number>;
  rssBytes: number;
}

async function measuredRun(opts: LoadOptions, drive: Driver, runSeconds: number): Promise<MeasuredRun> {
  // The server's counters are read while it is idle, before and after: every request counted in the
  // window has its statements in it and the other way round. (Read 200 ms after the deadline, the
  // statements of requests still in flight were counted without their requests: at 4 requests/s
  // over 32 connections a 3 s window read 2.14 statements per request instead of 1.)
  await opts.server.settle();
  const before = await opts.server.metrics();
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const { transportErrors, firstTransportError } = await drive(runSeconds, (ms) => latencies.push(ms), (status, body) => {
    if (!(opts.isError ?? ((s) => s >= 400))(status, body)) return;
    errors += 1;
    firstError ??= `HTTP ${status}: ${body.slice(0, 300)}`;
  });
  const seconds = (performance.now() - started) / 1000;
  await opts.server.settle(); // requests cut at the deadline finish on the server
  const after = await opts.server.metrics();
  return {
    latencies,
    seconds,
    errors: errors + transportErrors,
    firstError: firstError ?? firstTransportError,
    served: after.httpRequests - before.httpRequests,
    sqlStatements: after.sqlStatements - before.sqlStatements,
    sqlKinds: new Map([...after.sqlKinds].map(([k, n]) => [k, n - (before.sqlKinds.get(k) ?? 0)] as [string, number]).filter(([, n]) => n > 0)),
    rssBytes: after.rssBytes,
  };
}

/** Statements per request by kind over the runs, most frequent first. */
function kindsPerRequest(runs: MeasuredRun[]): [string, number][] {
  const served = Math.max(1, runs.reduce((total, r) => total + r.served, 0));
  const kinds = new Map<string, number>();
  for (const r of runs) for (const [k, n] of r.sqlKinds) kinds.set(k, (kinds.get(k) ?? 0) + n);
  return [...kinds].map(([k, n]) => [k, n / served] as [string, number]).sort((a, b) => b[1] - a[1]);
}

/** One row's figures over its measured runs. */
function resultOf(runs: MeasuredRun[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies);
  const sum = (f: (r: MeasuredRun) => number) => runs.reduce((total, r) => total + f(r), 0);
  return {
    requests: latencies.length,
    rps: latencies.length / sum((r) => r.seconds),
    ...latencyOf(latencies),
    errors: sum((r) => r.errors),
    firstError: runs.find((r) => r.firstError)?.firstError ?? null,
    sqlPerRequest: sum((r) => r.sqlStatements) / Math.max(1, sum((r) => r.served)),
    sqlKinds: kindsPerRequest(runs),
    rssMb: runs[runs.length - 1].rssBytes / 1024 / 1024,
  };
}

function send(baseUrl: string, agent: http.Agent, spec: RequestSpec): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${spec.path}`,
      { method: spec.method, agent, headers: { 'content-type': 'application/json', ...spec.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout after 30 s')));
    req.on('error', reject);
    req.end(spec.body);
  });
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
