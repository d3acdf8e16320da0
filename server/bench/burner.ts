import { spawn } from 'node:child_process';

/**
 * A second, unrelated process that keeps one core busy (a tight loop) until stopped: the live
 * fan-out's "busy machine" row runs beside it.
 */
export function startCpuBurner(): { stop(): void; seconds(): number } {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  let stoppedAt: number | null = null;
  return {
    stop() {
      stoppedAt ??= performance.now();
      child.kill('SIGKILL');
    },
    /** How long it ran. */
    seconds: () => ((stoppedAt ?? performance.now()) - started) / 1000,
  };
}
