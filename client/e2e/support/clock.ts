import type { BrowserContext } from 'playwright-core';
import type { Actor } from './browser';
import type { E2EServer } from './server';

/**
 * One notion of "now" for the server and every browser in a journey.
 *
 * The server's test clock (ENABLE_TEST_CLOCK) decides every rule (cancellation notice, completion
 * after the start, payouts) and runs the jobs that became due when it moves. Pages also read the
 * browser's own clock (past hours are hidden, "(fee applies)" under 24 h), so each actor's browser
 * context runs `Date` at the same offset from the machine's time as the server. Time keeps flowing
 * in both between moves.
 *
 * Only `Date` is shifted. Playwright's `clock.install()` would fake timers and
 * requestAnimationFrame as well; then rAF no longer runs before paint, and Chakra's dialogs
 * (zag's presence machine attaches its animationend listener in a rAF) can miss the end of their
 * exit animation on a loaded machine and stay mounted.
 */
export class JourneyClock {
  private readonly contexts = new Set<BrowserContext>();
  private offsetMs = 0;

  constructor(private readonly server: E2EServer) {}

  /** The server's current time. */
  async now(): Promise<Date> {
    return this.call('GET');
  }

  /** Sets the server's time (and every attached browser's); due jobs run before this resolves. */
  async set(instant: Date): Promise<Date> {
    return this.sync(await this.call('POST', { now: instant.toISOString() }));
  }

  /** Moves the server's time forward (and every attached browser's); due jobs run before this resolves. */
  async advance(ms: number): Promise<Date> {
    return this.sync(await this.call('POST', { advanceMs: ms }));
  }

  /** Puts an actor's browser on the server's time; call before its first navigation. */
  async attach(actor: Actor): Promise<void> {
    this.offsetMs = (await this.now()).getTime() - Date.now();
    await actor.context.addInitScript(SHIFTED_DATE);
    await this.apply(actor.context);
    this.contexts.add(actor.context);
  }

  detach(actor: Actor): void {
    this.contexts.delete(actor.context);
  }

  private async sync(now: Date): Promise<Date> {
    this.offsetMs = now.getTime() - Date.now();
    await Promise.all([...this.contexts].map((context) => this.apply(context)));
    return now;
  }

  /** The offset for documents to come (init script, the last one wins) and for the open ones. */
  private async apply(context: BrowserContext): Promise<void> {
    const offset = this.offsetMs;
    await context.addInitScript((ms: number) => {
      (window as unknown as { __e2eClockOffset: number }).__e2eClockOffset = ms;
    }, offset);
    await Promise.all(
      context.pages().map((page) =>
        page
          .evaluate((ms: number) => {
            (window as unknown as { __e2eClockOffset: number }).__e2eClockOffset = ms;
          }, offset)
          .catch(() => undefined), // a page between documents gets it from the init script
      ),
    );
  }

  private async call(method: 'GET' | 'POST', body?: object): Promise<Date> {
    const res = await fetch(`${this.server.url}/api/v1/testing/clock`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json().catch(() => ({}))) as { data?: { now?: string }; error?: string };
    if (!res.ok || !json.data?.now) throw new Error(`test clock ${method} failed (${res.status}): ${json.error ?? 'no answer'}`);
    return new Date(json.data.now);
  }
}

/** Replaces `Date` so that `Date.now()` and `new Date()` read the machine's time plus the offset. */
const SHIFTED_DATE = `(() => {
  const NativeDate = Date;
  const offset = () => window.__e2eClockOffset || 0;
  class ShiftedDate extends NativeDate {
    constructor(...args) {
      if (args.length === 0) super(NativeDate.now() + offset());
      else super(...args);
    }
    static now() {
      return NativeDate.now() + offset();
    }
  }
  // Date() called without new returns the current time as a string.
  window.Date = new Proxy(ShiftedDate, { apply: () => new ShiftedDate().toString() });
})();`;
