import type { Actor } from './browser';
import type { E2EServer } from './server';

/**
 * One notion of "now" for the server and every browser in a journey.
 *
 * The server's test clock (ENABLE_TEST_CLOCK) decides every rule (cancellation notice, completion
 * after the start, payouts) and runs the jobs that became due when it moves. Pages also read the
 * browser's own clock (past hours are hidden, "(fee applies)" under 24 h), so each actor's browser
 * context gets Playwright's clock installed at the server's time and is moved along with it.
 * Time keeps flowing in both between moves.
 */
export class JourneyClock {
  private readonly actors = new Set<Actor>();

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
    await actor.context.clock.install({ time: await this.now() });
    this.actors.add(actor);
  }

  detach(actor: Actor): void {
    this.actors.delete(actor);
  }

  private async sync(now: Date): Promise<Date> {
    await Promise.all([...this.actors].map((actor) => actor.context.clock.setSystemTime(now)));
    return now;
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
