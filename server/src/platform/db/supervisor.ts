/** The database process a supervisor restarts (db/embedded.ts's PostgreSQL). */
export interface SupervisedProcess {
  /** Resolves when the running process exits, whatever the reason. */
  exited(): Promise<{ code: number | null; signal: string | null }>;
  /** Starts it again; resolves once it accepts connections, rejects if it cannot. */
  start(): Promise<void>;
}

export type SupervisorState = 'running' | 'restarting' | 'failed';

export interface DatabaseSupervisorView {
  readonly state: SupervisorState;
  /** `fn(state)` on every change; returns the unsubscribe. */
  onChange(fn: (state: SupervisorState) => void): () => void;
}

/** Waits before each restart attempt; after the last one fails the supervisor gives up ('failed'). */
export const DEFAULT_RESTART_BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];

/**
 * Keeps an embedded database running: when its process dies (a crash, `kill -9`), starts it again
 * after a back-off, and again, until it runs or the attempts are used up; then the state is
 * 'failed' and the owner exits non-zero (process/serve.ts) so an outer supervisor restarts
 * everything. A stop we asked for (`stop()` first) is not a death.
 */
export class DatabaseSupervisor implements DatabaseSupervisorView {
  private current: SupervisorState = 'running';
  private stopped = false;
  private readonly listeners = new Set<(state: SupervisorState) => void>();

  constructor(
    private readonly proc: SupervisedProcess,
    private readonly opts: { backoffMs?: readonly number[]; log?: (msg: string, err?: unknown) => void } = {},
  ) {
    this.watch();
  }

  get state(): SupervisorState {
    return this.current;
  }

  onChange(fn: (state: SupervisorState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Before a deliberate stop: the exit that follows is not restarted. */
  stop(): void {
    this.stopped = true;
  }

  private watch(): void {
    void this.proc.exited().then((how) => {
      if (this.stopped) return;
      this.opts.log?.(`embedded PostgreSQL exited (${how.signal ?? `code ${how.code}`}); restarting it`);
      void this.recover();
    });
  }

  private async recover(): Promise<void> {
    this.set('restarting');
    const backoff = this.opts.backoffMs ?? DEFAULT_RESTART_BACKOFF_MS;
    for (const [attempt, delay] of backoff.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.stopped) return;
      try {
        await this.proc.start();
        if (this.stopped) return;
        this.opts.log?.(`embedded PostgreSQL restarted (attempt ${attempt + 1})`);
        this.set('running');
        this.watch();
        return;
      } catch (err) {
        this.opts.log?.(`embedded PostgreSQL restart attempt ${attempt + 1} of ${backoff.length} failed`, err);
      }
    }
    this.opts.log?.('embedded PostgreSQL could not be restarted; giving up');
    this.set('failed');
  }

  private set(state: SupervisorState): void {
    if (this.current === state) return;
    this.current = state;
    for (const fn of this.listeners) fn(state);
  }
}
