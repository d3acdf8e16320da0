import 'reflect-metadata';
import cluster from 'node:cluster';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../platform/config';
import { runClusterPrimary, runClusterWorker } from './process/cluster';
import { serve } from './process/serve';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({ level: config.LOG_LEVEL });
  if (config.WEB_CONCURRENCY === 1) return serve({ config, logger, migrate: true, seedDemo: config.SEED_DEMO_DATA, announce: true });
  return cluster.isPrimary ? runClusterPrimary(config, logger) : runClusterWorker(config, logger);
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
