import type { Logger } from 'pino';
import type { Config } from '../config';
import { InProcessEventBus, type EventBus } from './events';
import { PostgresEventBus } from './events-postgres';

/**
 * The event transport: PostgreSQL LISTEN/NOTIFY on the application database, so events reach
 * subscribers on every instance (the one event bus in production: no other broker to run); the
 * in-process bus only when there is no database URL (a single process, e.g. a script).
 */
export function createEventBus(_config: Config, databaseUrl: string | undefined, logger?: Logger): EventBus {
  const log = (message: string, err?: unknown) => logger?.warn({ err }, message);
  if (databaseUrl) return new PostgresEventBus(databaseUrl, log);
  return new InProcessEventBus();
}
