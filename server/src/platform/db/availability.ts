import pg from 'pg';
import { serviceUnavailable, type DomainError } from '../shared/errors';

/** What a client is told to wait before trying again while the database is unreachable (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** SQLSTATEs meaning "the server is not there for you now": shutting down, crashed, starting up, full. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|Timeout acquiring a connection|terminating connection due to|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i;

/**
 * True when `err` says the database cannot be reached (refused or lost connection, a server that
 * is shutting down, crashed or starting up), as opposed to a bad query or bad data. Follows
 * `cause`/`originalError` chains and AggregateErrors (pg reports refused IPv4 + IPv6 together).
 * SQLSTATE 08P01 (protocol violation) is left out: a NUL in a query is the client's fault.
 */
export function isDatabaseUnavailableError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 6) return false;
  const e = err as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; originalError?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (CONNECTION_ERRNOS.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code)) return true;
    if (e.code.startsWith('08') && e.code !== '08P01') return true;
  }
  if (e.name === 'KnexTimeoutError' || UNAVAILABLE_MESSAGE.test(String(e.message ?? ''))) return true;
  const inner = [e.cause, e.originalError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((x) => x !== err && isDatabaseUnavailableError(x, depth + 1));
}

/** The 503 every transport answers while the database is unreachable. */
export const databaseUnavailable = (): DomainError => serviceUnavailable(DATABASE_RETRY_AFTER_SECONDS);

export interface DatabaseMonitorOptions {
  /** How often the database is probed while it answers (ms). */
  upIntervalMs?: number;
  /** How often while it does not (ms): service resumes at most this long after it is back. */
  downIntervalMs?: number;
  /** A probe that takes longer counts as a failure (ms). */
  timeoutMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/**
 * Whether the database answers now, for every transport to refuse at once (503 + Retry-After)
 * rather than each request waiting for its own connection error. Probes `select 1` on a connection
 * of its own (never the request pool, which may be busy under load), every few seconds while up
 * and twice a second while down; a request that failed with a connection error marks it down at
 * once (`reportFailure`). Works the same for an embedded or an external database.
 */
export class DatabaseMonitor {
  private down = false;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<boolean> | null = null;
  private closed = false;
  private readonly listeners = new Set<(up: boolean) => void>();
  private readonly upIntervalMs: number;
  private readonly downIntervalMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly url: string,
    private readonly opts: DatabaseMonitorOptions = {},
  ) {
    this.upIntervalMs = opts.upIntervalMs ?? 5000;
    this.downIntervalMs = opts.downIntervalMs ?? 500;
    this.timeoutMs = opts.timeoutMs ?? 2000;
  }

  get isDown(): boolean {
    return this.down;
  }

  /** Starts the periodic probe. */
  start(): void {
    this.schedule(this.upIntervalMs);
  }

  /** `fn(up)` on every change; returns the unsubscribe. */
  onChange(fn: (up: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** A request failed with a connection error: refuse the next ones at once and probe quickly until it answers. */
  reportFailure(err?: unknown): void {
    if (this.closed || this.down) return;
    this.opts.log?.('database unreachable; answering 503 until it is back', err);
    this.set(false);
    this.schedule(this.downIntervalMs);
  }

  /** Probes now (one probe at a time) and records the answer. */
  check(): Promise<boolean> {
    this.probing ??= this.probe().then((up) => {
      this.probing = null;
      if (!this.closed) this.set(up);
      return up;
    });
    return this.probing;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check().then((up) => this.schedule(up ? this.upIntervalMs : this.downIntervalMs));
    }, ms);
    this.timer.unref();
  }

  private set(up: boolean): void {
    if (this.down === !up) return;
    this.down = !up;
    if (up) this.opts.log?.('database reachable again; serving');
    for (const fn of this.listeners) fn(up);
  }

  private async probe(): Promise<boolean> {
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.url, application_name: 'collab-health', connectionTimeoutMillis: this.timeoutMs, query_timeout: this.timeoutMs });
        client.on('error', () => {
          if (this.client === client) this.client = null;
        });
        client.on('end', () => {
          if (this.client === client) this.client = null;
        });
        await client.connect();
        if (this.closed) {
          await client.end().catch(() => {});
          return false;
        }
        this.client = client;
      }
      await this.client.query('select 1');
      return true;
    } catch {
      const client = this.client;
      this.client = null;
      await client?.end().catch(() => {});
      return false;
    }
  }
}

/** What the transports' error mappers tell the rest of the server. */
export interface ErrorHandlerHooks {
  /** A request failed because the database is unreachable (it is answered 503). */
  onDatabaseUnavailable?: (err: unknown) => void;
}

/**
 * The one translation every transport applies to an error: a connection failure becomes the 503
 * `SERVICE_UNAVAILABLE` DomainError (and `report` hears of it, e.g. DatabaseMonitor.reportFailure);
 * anything else comes back unchanged.
 */
export function asUnavailable(err: unknown, report?: (err: unknown) => void): unknown {
  if (!isDatabaseUnavailableError(err)) return err;
  report?.(err);
  return databaseUnavailable();
}
