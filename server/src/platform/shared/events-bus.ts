import type { Logger } from 'pino';
import type { Config } from '../config';
import { InProcessEventBus, type EventBus } from './events';
import { PostgresEventBus } from './events-postgres';
import { RedisEventBus } from './events-redis';

/**
 * The event transport: Redis pub/sub when REDIS_URL is set, otherwise PostgreSQL LISTEN/NOTIFY on
 * the application database (so events reach subscribers on every instance either way); the
 * in-process bus only when there is no database URL (a single process, e.g. a script).
 */
export function createEventBus(config: Config, databaseUrl: string | undefined, logger?: Logger): EventBus {
  const log = (message: string, err?: unknown) => logger?.warn({ err }, message);
  if (config.REDIS_URL) return new RedisEventBus(config.REDIS_URL, log);
  if (databaseUrl) return new PostgresEventBus(databaseUrl, log);
  return new InProcessEventBus();
}
