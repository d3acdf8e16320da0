/**
 * The server's notion of "now". Every rule and job reads time from a Clock so tests and the
 * opt-in test clock (ENABLE_TEST_CLOCK) can move it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward (or set) at run time; only used when explicitly enabled. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }

  set(to: Date): Date {
    this.offsetMs = to.getTime() - Date.now();
    return this.now();
  }
}
