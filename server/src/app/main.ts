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
  // Lines are written asynchronously (sonic-boom coalesces them while a write is in flight, instead of
  // one blocking write per line: under load that is one write per request); pino flushes what is
  // pending when the process exits, however it exits.
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ sync: false }));
  // One process per instance: more capacity is more replicas behind the load balancer (docker-compose.yml).
  return serve({ config, logger, migrate: true, seedDemo: config.SEED_DEMO_DATA, announce: true });
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
