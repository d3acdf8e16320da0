import type { Logger } from 'pino';

/**
 * Stops the process once: on the first SIGTERM or SIGINT (exit code 0), or when the returned
 * function is called (with its exit code). `stop` does the ordered work; if it throws, or has not
 * finished within `timeoutMs`, the process exits with 1.
 */
export function stopOnSignals(logger: Logger, timeoutMs: number, stop: () => Promise<void>): (reason: string, exitCode: number) => Promise<void> {
  let stopping = false;
  const run = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down');
    const force = setTimeout(() => {
      logger.error(`shutdown did not finish within ${timeoutMs / 1000} s; exiting`);
      process.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      await stop();
      logger.info('shutdown complete');
      process.exit(exitCode);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void run('SIGTERM', 0));
  process.on('SIGINT', () => void run('SIGINT', 0));
  return run;
}
