import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/shared/clock';
import { DomainError } from '../../platform/shared/errors';
import { applyConnectStatus } from './connect-sync';
import type { PaymentEventContext, PaymentEventHandler, PaymentEventOutcome, ProviderEvent } from './payment-provider';

export interface DispatchResult {
  duplicate: boolean;
  outcome: PaymentEventOutcome;
}

/**
 * Processes each provider event exactly once: the event id goes into `webhook_events` in the same
 * transaction as the handler's effects, so a replay (or a concurrent second delivery) changes
 * nothing. Connected-account updates are applied to profiles here; every event is then offered to
 * the handlers other features contribute to the `paymentEventHandlers` extension point (bookings).
 */
export class PaymentEventDispatcher {
  constructor(private readonly deps: { clock: Clock; logger: Logger; handlers: () => readonly PaymentEventHandler[] }) {}

  async dispatch(root: EntityManager, event: ProviderEvent): Promise<DispatchResult> {
    const afterCommit: Array<() => Promise<void> | void> = [];
    const result = await root.transactional(async (em): Promise<DispatchResult> => {
      const claimed = await em.execute(
        'insert into webhook_events (id, type, received_at) values (?, ?, ?) on conflict do nothing returning id',
        [event.id, event.type === 'ignored' ? `ignored:${event.providerType}` : event.type, this.deps.clock.now()],
      );
      if (claimed.length === 0) return { duplicate: true, outcome: 'ignored' };
      let outcome: PaymentEventOutcome = 'ignored';
      if (event.type === 'account.updated') {
        outcome = await applyConnectStatus(em, event.accountId, event.status, event.occurredAt);
      }
      if (event.type !== 'ignored') {
        for (const handler of this.deps.handlers()) {
          if ((await this.runHandler(em, handler, event, afterCommit)) === 'applied') outcome = 'applied';
        }
      }
      return { duplicate: false, outcome };
    });
    if (result.duplicate) {
      this.deps.logger.info({ eventId: event.id, type: event.type }, 'payment event already processed; ignored');
      return result;
    }
    if (result.outcome === 'ignored') this.deps.logger.info({ eventId: event.id, event }, 'payment event not for us; ignored');
    for (const fn of afterCommit) {
      try {
        await fn();
      } catch (err) {
        this.deps.logger.error({ err, eventId: event.id }, 'after-commit work of a payment event failed');
      }
    }
    return result;
  }

  /**
   * The handler runs in a savepoint: an event it cannot place (NOT_FOUND, e.g. an unknown
   * payment intent) is rolled back and recorded as ignored; any other error fails the delivery
   * (the provider retries it).
   */
  private async runHandler(em: EntityManager, handler: PaymentEventHandler, event: ProviderEvent, afterCommit: Array<() => Promise<void> | void>) {
    const queued: Array<() => Promise<void> | void> = [];
    try {
      const outcome = await em.transactional(async (inner) => {
        const ctx: PaymentEventContext = { em: inner, viewer: null, afterCommit: (fn) => queued.push(fn) };
        return handler.handle(ctx, event);
      });
      afterCommit.push(...queued);
      return outcome;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') {
        this.deps.logger.warn({ eventId: event.id, type: event.type, reason: err.message }, 'payment event for an unknown object; ignored');
        return 'ignored' as const;
      }
      throw err;
    }
  }
}
