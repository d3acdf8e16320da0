import type { Clock } from '../../platform/shared/clock';

/** At most one live "typing" or "read" line per user per conversation per this many milliseconds. */
export const ACTIVITY_WINDOW_MS = 2000;

/**
 * Paces the live activity of one (user, conversation): typing is published at most once per
 * window (the rest are dropped: the others already see "typing…"); read marks are coalesced: the
 * first goes out at once, later ones in the window become one trailing publish of the newest mark
 * at the window's end. The marks themselves are still written each time; only the bus is paced.
 * Per server instance (each instance paces its own requests).
 */
export class ActivityThrottle {
  private readonly last = new Map<string, number>();
  private readonly trailing = new Map<string, { timer: NodeJS.Timeout; publish: () => Promise<void> }>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs = ACTIVITY_WINDOW_MS,
  ) {}

  /** Whether a typing line may go out now for this key (and, if so, counts it). */
  allowTyping(key: string): boolean {
    return this.take(`typing:${key}`);
  }

  /** Publishes a read mark now, or once at the end of the window with the newest mark. */
  async read(key: string, publish: () => Promise<void>): Promise<void> {
    const k = `read:${key}`;
    if (this.take(k)) return publish();
    const pending = this.trailing.get(k);
    if (pending) {
      pending.publish = publish; // the newest mark wins
      return;
    }
    const wait = Math.max(0, this.windowMs - (this.clock.now().getTime() - (this.last.get(k) ?? 0)));
    const entry = {
      publish,
      timer: setTimeout(() => {
        this.trailing.delete(k);
        this.last.set(k, this.clock.now().getTime());
        void entry.publish().catch(() => {});
      }, wait),
    };
    entry.timer.unref?.();
    this.trailing.set(k, entry);
  }

  /** Stops pending trailing publishes (server shutdown). */
  close(): void {
    for (const { timer } of this.trailing.values()) clearTimeout(timer);
    this.trailing.clear();
  }

  private take(k: string): boolean {
    const now = this.clock.now().getTime();
    const previous = this.last.get(k);
    if (previous !== undefined && now - previous < this.windowMs) return false;
    this.last.set(k, now);
    if (this.last.size > 50_000) for (const [key, at] of this.last) if (now - at >= this.windowMs) this.last.delete(key);
    return true;
  }
}
