import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The one place that reads process.env. Everything else receives a validated Config. */

const repoRoot = path.resolve(__dirname, '..', '..', '..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1 in development and test (nothing outside this machine reaches it), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  PORT: port.default(4000),
  PUBLIC_URL: z.url().optional(),
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For), as express's `trust proxy`:
   * a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR ranges, or a hop
   * count. Client addresses key rate limits, sign-in throttling and WebSocket limits.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .refine(
      (v) => /^\d{1,2}$/.test(v.trim()) || v.split(',').every((part) => isProxyAddress(part.trim())),
      'must be a hop count or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses or CIDR ranges',
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
  EMBEDDED_PG_PORT: port.default(54329),
  /** Where uploaded files and profile photos are kept (platform/storage: local disk). Unset: DATA_DIR/files. */
  STORAGE_DIR: z.string().min(1).optional(),
  /** The largest file one upload may carry (bytes); a bigger one is refused while it arrives (413). */
  FILES_MAX_BYTES: z.coerce.number().int().min(1024).max(1_000_000_000).default(20 * 1024 * 1024),
  /** The most bytes of files one booking or conversation may hold in all. */
  FILES_MAX_BYTES_PER_SCOPE: z.coerce.number().int().min(1024).max(100_000_000_000).default(200 * 1024 * 1024),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Key material for secrets the product must read back (two-step sign-in's TOTP secrets, AES-256-GCM):
   * at least 32 characters; the 256-bit key is derived from it (HKDF-SHA256). Required in production;
   * elsewhere derived from JWT_SECRET.
   */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  CORS_ORIGINS: z.string().default(''),
  CLIENT_DIST: z.string().default(path.join(repoRoot, 'client', 'dist')),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  STRIPE_API_BASE: z.url().optional(),
  ENABLE_TEST_CLOCK: bool.default(false),
  /** Background work (jobs/job-scheduler.ts: sweeps and work queues); tests drive them with runAll and the queues instead. */
  JOBS_ENABLED: bool.default(true),
  /** Unset: on outside production (demo accounts have a known password). */
  SEED_DEMO_DATA: bool.optional(),
  /**
   * Anonymous public reads (listing, creator page) answered from memory for this long (then served
   * stale as long again while refreshed); every change of public data clears it at once
   * (graphql/response-cache.ts). Default: 30 in production (the public Cache-Control max-age), 0 (off) elsewhere.
   */
  ANON_RESPONSE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /**
   * Bearer token GET /metrics requires when set (`Authorization: Bearer <token>`). Unset, /metrics is
   * open outside production and not served at all in production (404).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
  /** Benchmarks only: count every SQL statement the ORM runs, as `sql_statements_total` at /metrics. */
  SQL_STATEMENT_COUNTER: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-key and per-IP request limits (partners/security); off only for benchmarks and most test suites. */
  RATE_LIMIT_ENABLED: bool.default(true),
  /** Anonymous reads (GraphQL queries, REST GETs) per client IP per minute. */
  RATE_LIMIT_ANON_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Requests per partner API key per minute. */
  RATE_LIMIT_KEY_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /**
   * How long an access token's "session still signed in" answer is trusted per instance. A revocation clears it
   * everywhere at once through the event bus, so this only bounds how long a revocation missed while an instance's
   * bus connection was down is ignored. It must outlast the gap between one user's requests, or every request of a
   * busy server checks again (5 s did: 5,000 signed-in users at 570 requests/s come back every 9 s).
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(900).default(60),
  /**
   * Reads a module compiles into one SQL statement that builds the answer's JSON (the creator listing:
   * features/profiles/creators.compiled.ts) are answered that way; off, graphql-js executes them like any query.
   */
  COMPILED_READS: bool.default(true),
  /** GraphQL WebSocket connections per client address per server instance. */
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Operations (subscriptions) running at once on one WebSocket connection. */
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(1).max(10_000).default(50),
  /** A socket that sends no valid connection_init within this long is closed (4408). */
  WS_CONNECTION_INIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Messages a client may send on one WebSocket connection per minute. */
  WS_MAX_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** GraphQL WebSocket connections one signed-in account may hold per server instance (across addresses). */
  WS_MAX_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Subscriptions one signed-in account may run at once per server instance (across its connections). */
  WS_MAX_SUBSCRIPTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** WebSocket connections one server instance holds at most (all clients). */
  WS_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Subscriptions one server instance runs at most (all clients). */
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  /** Account registrations per client IP per hour (each one costs an argon2 hash). */
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Messages one user may send per minute (conversations); beyond it 429 with the seconds to wait. */
  MESSAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Outgoing e-mail (features/mail): `smtp://user:pass@host:587` or `smtps://…:465`. Unset: outside
   * production the product starts its own SMTP catcher on localhost (read at /dev/mailbox); in
   * production e-mail is off.
   */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s/]+/, 'must be an smtp:// or smtps:// URL with a host').optional(),
  /** The From of every e-mail: `address@domain` or `Name <address@domain>`; required with SMTP_URL. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an e-mail address, optionally as "Name <address>"')
    .optional(),
  /** Where contact-form tickets are e-mailed (support's inbox; replies go to the sender's address). */
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@collabhub.localhost'),
  /** Contact-form messages one e-mail address may send per hour (a visitor's form, throttled by the address it gives). */
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Port of the development mail catcher's SMTP listener on 127.0.0.1 (0: any free port). */
  MAIL_CATCHER_PORT: port.default(0),
  /** How long one webhook delivery may take (connect, send, answer) before it counts as failed. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  /** A creator's minimum notice before a bookable start until they set their own (minutes). */
  SCHEDULING_DEFAULT_MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).max(43_200).default(240),
  /** How long a booker has to approve a delivery or ask for changes; silence approves it then (hours). */
  DELIVERY_APPROVAL_WINDOW_HOURS: z.coerce.number().min(0.01).max(24 * 60).default(72),
  /** Changes a booker may ask for when the booking names no number of revisions (an hourly booking). */
  DELIVERY_DEFAULT_REVISIONS: z.coerce.number().int().min(0).max(20).default(1),
  /** How long one calendar feed or CalDAV request may take. */
  CALENDAR_FETCH_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
  /** The largest calendar answer read (bytes); a bigger one fails the sync and keeps the last good busy times. */
  CALENDAR_FETCH_MAX_BYTES: z.coerce.number().int().min(1024).max(100_000_000).default(5_000_000),
  /** How often a connected calendar is synced when its feed names no refresh interval (minutes). */
  CALENDAR_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});

function isProxyAddress(part: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(part)) return true;
  const [address, bits, ...rest] = part.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'STORAGE_DIR' | 'HOST' | 'JWT_SECRET' | 'SECRETS_KEY' | 'CORS_ORIGINS' | 'SEED_DEMO_DATA' | 'ANON_RESPONSE_CACHE_SECONDS' | 'MAIL_FROM'> {
  MAIL_FROM: string;
  /** How e-mail leaves: `smtp` (SMTP_URL), `catcher` (no SMTP_URL outside production: /dev/mailbox), `off`. */
  mailMode: 'smtp' | 'catcher' | 'off';
  SEED_DEMO_DATA: boolean;
  ANON_RESPONSE_CACHE_SECONDS: number;
  /** Who may read GET /metrics: bearers of METRICS_TOKEN when it is set; else anyone outside production, nobody in production (404). */
  metricsAccess: 'open' | 'token' | 'off';
  /** TRUST_PROXY as express takes it (a hop count is a number). */
  trustProxy: string | number;
  HOST: string;
  /** STORAGE_DIR, or DATA_DIR/files. */
  STORAGE_DIR: string;
  JWT_SECRET: string;
  /** 32 bytes derived from SECRETS_KEY (outside production without it: from JWT_SECRET), for AES-256-GCM. */
  secretsKey: Buffer;
  CORS_ORIGINS: string[];
  isProduction: boolean;
}

export class ConfigError extends Error {}

/** Parses and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) refuseUnsafeProduction(e);
  // The test clock lives in one process's memory: a second worker would keep the real time.
  if (e.SMTP_URL && !e.MAIL_FROM) throw new ConfigError('Invalid configuration:\n  MAIL_FROM: required when SMTP_URL is set');
  const { SECRETS_KEY, ...rest } = e;
  const JWT_SECRET = e.JWT_SECRET ?? devJwtSecret(e.DATA_DIR, e.NODE_ENV);
  return {
    ...rest,
    HOST: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    STORAGE_DIR: e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'files'),
    JWT_SECRET,
    secretsKey: deriveSecretsKey(SECRETS_KEY ?? `development secrets key from ${JWT_SECRET}`),
    CORS_ORIGINS: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    SEED_DEMO_DATA: e.SEED_DEMO_DATA ?? !isProduction,
    ANON_RESPONSE_CACHE_SECONDS: e.ANON_RESPONSE_CACHE_SECONDS ?? (isProduction ? 30 : 0),
    MAIL_FROM: e.MAIL_FROM ?? 'CollabHub <no-reply@collabhub.localhost>',
    mailMode: e.SMTP_URL ? 'smtp' : isProduction ? 'off' : 'catcher',
    metricsAccess: e.METRICS_TOKEN ? 'token' : isProduction ? 'off' : 'open',
    trustProxy: /^\d{1,2}$/.test(e.TRUST_PROXY.trim()) ? Number(e.TRUST_PROXY.trim()) : e.TRUST_PROXY,
    isProduction,
  };
}

/** Secrets that were published (README, docker-compose.yml examples): as good as none. */
export const KNOWN_SECRETS: readonly string[] = ['change-me-to-a-long-random-secret-of-32-chars'];

/**
 * Production never starts in an unsafe state: without the secrets it needs, with a secret everyone
 * knows, with demo data (its accounts share a published password) or with the test clock. The
 * message names each variable and what to do.
 */
function refuseUnsafeProduction(e: Env): void {
  const problems: string[] = [];
  if (!e.JWT_SECRET) problems.push('JWT_SECRET: required in production (at least 32 random characters, e.g. `openssl rand -hex 32`)');
  else if (KNOWN_SECRETS.includes(e.JWT_SECRET)) problems.push('JWT_SECRET: this is the published example value; set a random secret of your own');
  if (!e.SECRETS_KEY) problems.push('SECRETS_KEY: required in production (at least 32 random characters, e.g. `openssl rand -hex 32`; encrypts stored TOTP secrets and connected calendars\' passwords)');
  else if (KNOWN_SECRETS.includes(e.SECRETS_KEY)) problems.push('SECRETS_KEY: this is the published example value; set a random secret of your own');
  if (e.ENABLE_TEST_CLOCK) problems.push('ENABLE_TEST_CLOCK: never allowed in production');
  if (e.SEED_DEMO_DATA) problems.push('SEED_DEMO_DATA: demo data is never allowed in production (its accounts share a published password)');
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required in production with STRIPE_SECRET_KEY (unsigned payment events would be trusted)');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/** The AES-256 key of SECRETS_KEY: HKDF-SHA256 of its text, so any long enough phrase makes a full-strength key. */
function deriveSecretsKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), 'collabhub secrets v1', 32));
}

/** Outside production a secret is generated once and kept in DATA_DIR so restarts keep sessions. */
function devJwtSecret(dataDir: string, nodeEnv: string): string {
  if (nodeEnv === 'test') return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
