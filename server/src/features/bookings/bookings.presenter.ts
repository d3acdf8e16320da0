import type { BookingHistoryEntry } from './booking-history.entity';
import type { BookingView, Settlement } from './bookings.service';

const dollars = (cents: number) => cents / 100;

/** The REST shape of a booking (spec §3): snake_case, prices in dollars, refund_amount in cents. */
export function presentBooking(view: BookingView) {
  const { booking, creator, booker, dispute } = view;
  return {
    id: booking.id,
    streamer_id: creator.id,
    booker_id: booker.id,
    booker_name: booker.name,
    booker_email: booker.email,
    streamer_name: creator.displayName,
    streamer_image: creator.profileImageUrl ?? null,
    streamer_profile: { display_name: creator.displayName, platforms: creator.platforms, user_id: creator.user.id },
    start_time: booking.startTime.toISOString(),
    end_time: booking.endTime.toISOString(),
    total_hours: booking.totalHours,
    hourly_rate: dollars(booking.hourlyRateCents),
    total_amount: dollars(booking.totalCents),
    platform_fee: dollars(booking.feeCents),
    streamer_amount: dollars(booking.creatorAmountCents),
    created_at: booking.createdAt.toISOString(),
    status: booking.status,
    payment_status: booking.paymentStatus,
    booking_details: booking.bookingDetails ?? null,
    streamer_confirmed: booking.creatorConfirmed,
    booker_confirmed: booking.bookerConfirmed,
    confirmation_deadline: booking.confirmationDeadline.toISOString(),
    dispute_reason: dispute?.reason ?? null,
    dispute_evidence: dispute?.evidence ?? null,
    dispute_kind: dispute?.kind ?? null,
    dispute_resolution: dispute?.resolution ?? null,
    cancellation_reason: booking.cancellationReason ?? null,
    cancellation_reason_code: booking.cancellationCode ?? null,
    cancelled_by: booking.cancelledByRole ?? null,
    settlement: presentSettlement(view.settlement),
    refund_amount: booking.refundCents,
    payment_intent_id: view.paymentIntentId,
    viewer_role: view.viewerRole,
    available_actions: view.availableActions,
    due_at: booking.dueAt ? booking.dueAt.toISOString() : null,
    package_id: booking.packageId ?? null,
    offer_id: booking.offerId ?? null,
    line_items: view.lineItems.map((l) => ({ label: l.label, quantity: l.quantity, unit_price_cents: l.unitPriceCents, total_cents: l.quantity * l.unitPriceCents, kind: l.kind })),
  };
}

/** Where the money went, from the ledger (cents). */
const presentSettlement = (m: Settlement) => ({
  captured_cents: m.capturedCents,
  refunded_cents: m.refundedCents,
  platform_fee_cents: m.platformFeeCents,
  creator_cents: m.creatorCents,
  paid_out_cents: m.paidOutCents,
});

/** One applied move over REST (snake_case; amounts in cents). */
export const presentHistoryEntry = (h: BookingHistoryEntry) => ({
  id: h.id,
  action: h.action,
  actor: h.actor,
  actor_user_id: h.actorUserId,
  from_status: h.fromStatus,
  from_payment_status: h.fromPayment,
  to_status: h.toStatus,
  to_payment_status: h.toPayment,
  money_step: h.moneyStep,
  amount_cents: h.amountCents,
  reason: h.reason,
  created_at: h.createdAt.toISOString(),
});
