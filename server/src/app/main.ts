import 'reflect-metadata';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../platform/config';
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
  // One process per instance: more capacity is more replicas behind the load balancer (docker-compose.yml).
  return serve({ config, logger, migrate: true, seedDemo: config.SEED_DEMO_DATA, announce: true });
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
