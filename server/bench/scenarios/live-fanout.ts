import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BOOKING_UPDATES, CANCEL_BOOKING, CREATE_CHECKOUT, gqlBody } from '../documents';
import type { FreeHour, SignedIn } from '../fixtures';
import type { ServerProcess } from '../server-process';
import { sleep, type Latency } from '../stats';
import { awaitDeliveries, closeClients, connectClients, Deliveries, postGraphql, type LiveSubscription } from './live-stream';

export interface LiveOptions {
  brands: SignedIn[];
  creators: SignedIn[];
  /** One free hour per creator, same order. */
  hours: FreeHour[];
  transitionsPerSecond: number;
  seconds: number;
  /** Transitions at the same rate before the measured ones (not counted): JIT, pool connections. */
  warmupSeconds: number;
}

export interface LiveResult extends Latency {
  clients: number;
  memoryPerConnectionKb: number;
  transitions: number;
  /** Transitions made per second while checkouts and cancellations both run (after the first second, until the last checkout). */
  transitionsPerSecond: number;
  /** All transitions over the whole run, the last cancellations' second included. */
  overallPerSecond: number;
  failedTransitions: number;
  expectedDeliveries: number;
  delivered: number;
  firstFailure: string | null;
  sqlPerTransition: number;
  rssMb: number;
  /**
   * How late the bench's own event loop ran during the measured stream (p99, ms): its 2,000 clients
   * share the machine with the server, and a delivery it reads late counts as a slow delivery.
   */
  clientLoopDelayP99Ms: number;
}

interface BookingEvent {
  id: string;
  status: string;
  createdAt: string;
  cancelledAt: string | null;
}

/**
 * Every client (half brands, half creators) subscribes to `bookingUpdated` over graphql-ws. Idle
 * memory per connection is the server's RSS growth divided by the connections. Then bookings
 * move at a steady rate: a brand opens a checkout with a creator (transition 1) and cancels it a
 * second later (transition 2). Both parties must receive both changes; delivery latency runs
 * from the server's stamp of the transition (`createdAt` / `cancelledAt`) to the party's socket.
 * Like the other scenarios, it warms up first: the same stream for a few seconds, on the same
 * hours (each cancellation frees its hour again), neither timed nor counted.
 */
export async function runLiveFanout(server: ServerProcess, opts: LiveOptions): Promise<LiveResult> {
  const deliveries = new Deliveries();
  const users = [...opts.brands, ...opts.creators];
  const subscription = (user: SignedIn): LiveSubscription<{ bookingUpdated: BookingEvent }> => ({
    user,
    query: BOOKING_UPDATES,
    item: ({ bookingUpdated: b }) => ({ id: b.id, stamp: b.status === 'CANCELLED' && b.cancelledAt ? b.cancelledAt : b.createdAt }),
  });
  // Warm-up: the first connections also load code; only the steady cost per connection is wanted.
  const warmup = await connectClients(server, users.slice(0, 50).map(subscription), new Deliveries());
  await Promise.all(warmup.map((c) => c.dispose()));
  const idle = await settledMetrics(server);
  const clients = await connectClients(server, users.map(subscription), deliveries);
  const subscribed = await settledMetrics(server);
  const memoryPerConnectionKb = (subscribed.rssBytes - idle.rssBytes) / 1024 / users.length;

  if (opts.warmupSeconds > 0) {
    await driveTransitions(server, { ...opts, seconds: opts.warmupSeconds }, deliveries.fail);
    await server.settle();
    deliveries.reset();
  }
  const before = await server.metrics();
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const started = performance.now();
  const outcome = await driveTransitions(server, opts, deliveries.fail);
  const seconds = (performance.now() - started) / 1000;
  const expected = outcome.bookings.reduce((n, b) => n + b.transitions * b.parties.length, 0);
  await awaitDeliveries(() => deliveries.total() >= expected);
  clientLoop.disable();
  const after = await server.metrics();
  await closeClients(server, clients);

  let delivered = 0;
  for (const booking of outcome.bookings) {
    for (const userId of booking.parties) delivered += Math.min(booking.transitions, deliveries.count(userId, booking.id));
  }
  if (delivered < expected) deliveries.fail(`${expected - delivered} of ${expected} deliveries missing`);
  return {
    clients: users.length,
    memoryPerConnectionKb,
    transitions: outcome.transitions,
    transitionsPerSecond: steadyRate(outcome.doneAt, started, opts.seconds),
    overallPerSecond: outcome.transitions / seconds,
    failedTransitions: outcome.failed,
    expectedDeliveries: expected,
    delivered,
    firstFailure: deliveries.firstFailure,
    ...deliveries.latency(),
    sqlPerTransition: (after.sqlStatements - before.sqlStatements) / Math.max(1, outcome.transitions),
    rssMb: after.rssBytes / 1024 / 1024,
    clientLoopDelayP99Ms: clientLoop.percentile(99) / 1e6,
  };
}

interface DriveOutcome {
  transitions: number;
  /** When each transition was answered (performance.now()). */
  doneAt: number[];
  failed: number;
  bookings: { id: string; parties: string[]; transitions: number }[];
}

/** Checkouts at half the rate, each cancelled by its brand one second later: `transitionsPerSecond` in total. */
async function driveTransitions(server: ServerProcess, opts: LiveOptions, fail: (message: string) => void): Promise<DriveOutcome> {
  const outcome: DriveOutcome = { transitions: 0, doneAt: [], failed: 0, bookings: [] };
  // Each hour is booked again once its last checkout was cancelled (hours.length / rate × 2 s later:
  // 3 s with the smoke data's 150 hours at 100/s); a server that fell further behind meets CONFLICT.
  const creates = Math.round((opts.transitionsPerSecond * opts.seconds) / 2);
  const interval = 2000 / opts.transitionsPerSecond;
  const post = (token: string, body: string) => postGraphql<Record<string, { id?: string; booking?: { id: string } }>>(server, token, body);
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let k = 0; k < creates; k++) {
    const wait = t0 + k * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const brand = opts.brands[k % opts.brands.length];
    const hour = opts.hours[k % opts.hours.length];
    pending.push(
      (async () => {
        try {
          const data = await post(brand.token, gqlBody(CREATE_CHECKOUT, { input: { creatorId: hour.creatorId, startTime: hour.startTime, endTime: hour.endTime } }));
          const bookingId = data.createBookingCheckout.booking!.id;
          const booking = { id: bookingId, parties: [brand.userId, hour.creatorUserId], transitions: 1 };
          outcome.bookings.push(booking);
          outcome.transitions += 1;
          outcome.doneAt.push(performance.now());
          const cancelAt = t0 + k * interval + 1000 - performance.now();
          if (cancelAt > 0) await sleep(cancelAt);
          await post(brand.token, gqlBody(CANCEL_BOOKING, { input: { bookingId, reason: 'bench: plans changed' } }));
          booking.transitions += 1;
          outcome.transitions += 1;
          outcome.doneAt.push(performance.now());
        } catch (err) {
          outcome.failed += 1;
          fail(err instanceof Error ? err.message : String(err));
        }
      })(),
    );
  }
  await Promise.all(pending);
  return outcome;
}

/**
 * Transitions per second in the steady part of the stream: from its first second (when the first
 * cancellations join the checkouts) to its end (when checkouts stop and only cancellations remain).
 */
function steadyRate(doneAt: number[], started: number, seconds: number): number {
  const from = started + 1000;
  const to = started + seconds * 1000;
  return doneAt.filter((t) => t >= from && t < to).length / ((to - from) / 1000);
}

async function settledMetrics(server: ServerProcess) {
  await sleep(2000);
  return server.metrics();
}
