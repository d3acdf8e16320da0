import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentEventContext, PaymentEventHandler, PaymentEventOutcome, ProviderEvent } from '../payments';
import { Booking } from './booking.entity';
import type { TransitionRunner } from './process/runner';
import { BookingAction } from './process/booking.model';
import { acceptAgreed, authorizeHeld } from './checkout.service';

/**
 * Provider events that move bookings. Money the app moved itself (capture, cancel, refund,
 * transfer) is already recorded by the transition that made the call, so its echo changes
 * nothing; what starts outside the app does: a card authorized in the browser, a payout paid.
 */
export class BookingPaymentEvents implements PaymentEventHandler {
  constructor(
    private readonly runner: TransitionRunner,
    /** A new EntityManager outside any transaction (an agreed offer's acceptance captures after the event's commit). */
    private readonly fork: () => EntityManager,
  ) {}

  async handle(ctx: PaymentEventContext, event: ProviderEvent): Promise<PaymentEventOutcome> {
    switch (event.type) {
      case 'authorization.succeeded': {
        const booking = await ctx.em.findOne(Booking, { paymentIntentId: event.paymentIntentId });
        if (!booking) return 'ignored';
        const moved = await authorizeHeld(this.runner, ctx, booking.id);
        if (moved?.offerId) {
          const id = booking.id;
          ctx.afterCommit(async () => void (await acceptAgreed(this.runner, { em: this.fork(), viewer: null }, id)));
        }
        return moved ? 'applied' : 'ignored';
      }
      case 'payout.paid': {
        if (!event.transferIds?.length) return 'ignored';
        const bookings = await ctx.em.find(Booking, { transferId: { $in: event.transferIds } });
        let applied = false;
        for (const booking of bookings) {
          if (await this.runner.runIfAllowed(ctx, booking.id, { action: BookingAction.PAYOUT_PAID, as: 'system' })) applied = true;
        }
        return applied ? 'applied' : 'ignored';
      }
      default:
        return 'ignored';
    }
  }
}

/** The booker whose booking owns a payment intent, or null (payments asks through `paymentIntentOwners`). */
export async function bookerOfPaymentIntent(em: EntityManager, paymentIntentId: string): Promise<string | null> {
  const booking = await em.findOne(Booking, { paymentIntentId });
  return booking ? booking.booker.id : null;
}
