import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import { openDatabase } from '../database';
import { clusterMetricsText, serveClusterMetrics } from '../../platform/observability/cluster-metrics';
import { announce, exitWhenDatabaseCannotRestart, HTTP_LISTENING, serve, type HttpListening } from './serve';
import { stopOnSignals } from './shutdown';

/**
 * WEB_CONCURRENCY > 1: one primary and that many workers sharing PORT (node:cluster hands out the
 * connections). What must happen once happens in the primary: migrations, the embedded PostgreSQL
 * (the workers get its URL), the /metrics aggregate. Everything the workers share already works
 * across instances: live updates and cache clearing (LISTEN/NOTIFY), rate-limit counters, jobs
 * (pg-boss), sessions (JWT); only the anonymous response cache and the APQ cache are per worker.
 */
export async function runClusterPrimary(config: Config, logger: Logger): Promise<void> {
  const db = await openDatabase(config, (msg) => logger.info(msg));
  logger.info({ embedded: db.embedded, workers: config.WEB_CONCURRENCY }, 'database ready, migrations applied; starting workers');
  serveClusterMetrics();

  // Workers never migrate or start a database; only the first one seeds (on an empty database).
  const workerEnv = (slot: number): NodeJS.ProcessEnv => ({
    DATABASE_URL: db.url,
    JWT_SECRET: config.JWT_SECRET,
    ...(slot > 1 ? { SEED_DEMO_DATA: 'false' } : {}),
  });
  const workers = new Map<number, Worker>();
  let stopping = false;

  const start = (slot: number): Promise<number> => {
    const worker = cluster.fork(workerEnv(slot));
    workers.set(slot, worker);
    return new Promise((resolve, reject) => {
      let listening = false;
      // The worker's own message, not cluster's 'listening' event: that fires for every listener
      // a worker opens (the development mail catcher too).
      const onMessage = (message: Partial<HttpListening>) => {
        if (message?.type !== HTTP_LISTENING) return;
        worker.off('message', onMessage);
        listening = true;
        resolve(message.port!);
      };
      worker.on('message', onMessage);
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        if (!listening) {
          reject(new Error(`worker ${slot} exited with ${signal ?? `code ${code}`} before listening`));
          return;
        }
        logger.error({ slot, code, signal }, 'worker exited; starting a new one');
        start(slot).catch((err: Error) => void stop(err.message, 1));
      });
    });
  };

  const stop = stopOnSignals(logger, 20_000, async () => {
    stopping = true;
    // Each worker drains its requests (serve.ts); the database stops only after all have gone.
    await Promise.all(
      [...workers.values()].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await db.close();
  });
  exitWhenDatabaseCannotRestart(db, logger, stop);

  try {
    // The first worker alone (demo data, job queues), then the others at once.
    const port = await start(1);
    await Promise.all(Array.from({ length: config.WEB_CONCURRENCY - 1 }, (_, i) => start(i + 2)));
    logger.info({ workers: config.WEB_CONCURRENCY }, 'all workers listening');
    announce(config.PUBLIC_URL ?? `http://localhost:${port}`, config);
  } catch (err) {
    logger.error({ err }, 'a worker failed to start');
    await stop('a worker failed to start', 1);
  }
}

/** A worker: one server process without migrations, serving the cluster's /metrics aggregate. */
export function runClusterWorker(config: Config, logger: Logger): Promise<void> {
  return serve({ config, logger, migrate: false, seedDemo: config.SEED_DEMO_DATA, announce: false, metricsSource: clusterMetricsText });
}
