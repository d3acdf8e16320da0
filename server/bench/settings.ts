import path from 'node:path';

/** What one bench run does: data set size, load shape and durations (`--smoke` = small and quick). */
export interface BenchSettings {
  smoke: boolean;
  /** `--only <word>[,<word>]`: run only the scenarios whose name contains one of the words. */
  only: string | undefined;
  /**
   * `--peers`: also measure PostGraphile v5 serving the same listing in the same loop (installed on
   * first use into server/bench/.peers with npm; opt-in, never part of `pnpm test`).
   */
  peers: boolean;
  /**
   * `--reuse-data`: keep the database a previous run of the same mode seeded (for profiling
   * iterations; earlier checkouts have taken some hours, so figures drift slightly).
   */
  reuseData: boolean;
  /** Embedded PostgreSQL data lives here (ignored by git via `.data/`), never in the dev `.data`. */
  dataDir: string;
  embeddedPgPort: number;
  /** Extra `node` flags for the server child (BENCH_SERVER_NODE_FLAGS, e.g. `--cpu-prof`). */
  serverNodeFlags: string[];
  /** A PostgreSQL server to use instead of the embedded one; the bench creates its own database there. */
  externalDatabaseUrl: string | undefined;
  databaseName: string;
  repoRoot: string;
  seed: SeedSize;
  /** Concurrent HTTP connections of every load scenario. */
  connections: number;
  warmupSeconds: number;
  runSeconds: number;
  checkoutRace: { brands: number; hours: number };
  /**
   * The live stream warms up longer than the other scenarios: a fresh server needs about 10 s of it
   * to reach its steady state (see bench/RESULTS.md, fifth round).
   */
  live: { clients: number; transitionsPerSecond: number; seconds: number; warmupSeconds: number };
  /** Conversations, live (issue 17): connected users, messages per second between random pairs. */
  messages: { clients: number; messagesPerSecond: number; seconds: number; warmupSeconds: number };
}

export interface SeedSize {
  creators: number;
  brands: number;
  /** Days of hourly availability from tomorrow, per creator. */
  slotDays: number;
  /** Bookings per creator in the last month and next days, cycling through every state. */
  bookingsPerCreator: number;
  /** Older paid-out bookings per creator; they and the finished recent ones carry the reviews. */
  archivedBookingsPerCreator: number;
}

const repoRoot = path.resolve(__dirname, '..', '..');

export function benchSettings(argv: string[], env: Record<string, string | undefined>): BenchSettings {
  const smoke = argv.includes('--smoke');
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  return {
    smoke,
    only,
    peers: argv.includes('--peers'),
    reuseData: argv.includes('--reuse-data'),
    dataDir: path.join(__dirname, '.data'),
    embeddedPgPort: Number(env.BENCH_PG_PORT ?? 54339),
    serverNodeFlags: (env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    externalDatabaseUrl: env.BENCH_DATABASE_URL || undefined,
    databaseName: smoke ? 'collab_bench_smoke' : 'collab_bench',
    repoRoot,
    seed: smoke
      ? { creators: 200, brands: 200, slotDays: 14, bookingsPerCreator: 5, archivedBookingsPerCreator: 3 }
      : { creators: 10_000, brands: 5_000, slotDays: 14, bookingsPerCreator: 5, archivedBookingsPerCreator: 3 },
    connections: 32,
    // Smoke: long enough for every scenario to run its whole path, nothing is judged.
    warmupSeconds: smoke ? 0.5 : 5,
    runSeconds: smoke ? 1.5 : 20,
    checkoutRace: { brands: 200, hours: 10 },
    live: liveShape(argv, smoke),
    messages: smoke
      ? { clients: 100, messagesPerSecond: 20, seconds: 2, warmupSeconds: 1 }
      : { clients: 2_000, messagesPerSecond: 50, seconds: 20, warmupSeconds: 5 },
  };
}

/**
 * The live fan-out's load: 100 clients at 20 transitions/s for 2 s in a smoke run, 2,000 at 100/s for
 * 20 s in a full run; `--live clients,rate,seconds,warmup` sets another (e.g. `--smoke --live 300,100,5,3`:
 * the full run's rate on the smoke data, which has room for about 300 clients).
 */
function liveShape(argv: string[], smoke: boolean): BenchSettings['live'] {
  const shape = smoke
    ? { clients: 100, transitionsPerSecond: 20, seconds: 2, warmupSeconds: 1 }
    : { clients: 2_000, transitionsPerSecond: 100, seconds: 20, warmupSeconds: 10 };
  if (!argv.includes('--live')) return shape;
  const given = (argv[argv.indexOf('--live') + 1] ?? '').split(',').map(Number);
  if (given.length !== 4 || given.some((n) => !Number.isFinite(n) || n < 0) || given[0] < 2 || given[1] <= 0) {
    throw new Error('--live takes clients,transitionsPerSecond,seconds,warmupSeconds (e.g. 300,100,5,3)');
  }
  const [clients, transitionsPerSecond, seconds, warmupSeconds] = given;
  return { clients: 2 * Math.floor(clients / 2), transitionsPerSecond, seconds, warmupSeconds };
}
