import type { TestApp } from '../../../../test/harness';
import { BOOKING_FIELDS } from './booking-fixtures';

/**
 * The same lifecycle actions through each transport, so every scenario runs through GraphQL and
 * through both REST readings. Answers are normalised: a booking in lower case, or an error code
 * and message.
 */

export interface BookingSnapshot {
  status: string;
  paymentStatus: string;
  refundCents: number;
  creatorConfirmed: boolean;
  bookerConfirmed: boolean;
  availableActions: string[];
  disputeReason: string | null;
  disputeEvidence: string | null;
  cancellationReason: string | null;
}

export type Outcome = { ok: true; booking: BookingSnapshot } | { ok: false; code: string; message: string };

export interface Transport {
  name: string;
  accept(token: string, id: string): Promise<Outcome>;
  decline(token: string, id: string): Promise<Outcome>;
  cancel(token: string, id: string, reason?: string): Promise<Outcome>;
  confirm(token: string, id: string): Promise<Outcome>;
  dispute(token: string, id: string, args: { reason: unknown; evidence?: string; kind?: 'general' | 'creator_no_show' }): Promise<Outcome>;
  payout(token: string, id: string): Promise<Outcome>;
  get(token: string, id: string): Promise<Outcome>;
}

const fromGql = (body: any, field: string): Outcome => {
  if (body.errors) return { ok: false, code: body.errors[0].extensions.code, message: body.errors[0].message };
  const b = body.data[field];
  return {
    ok: true,
    booking: {
      status: b.status.toLowerCase(),
      paymentStatus: b.paymentStatus.toLowerCase(),
      refundCents: b.refundCents,
      creatorConfirmed: b.creatorConfirmed,
      bookerConfirmed: b.bookerConfirmed,
      availableActions: b.availableActions.map((a: string) => a.toLowerCase()),
      disputeReason: b.dispute?.reason ?? null,
      disputeEvidence: b.dispute?.evidence ?? null,
      cancellationReason: b.cancellationReason,
    },
  };
};

const fromRest = (res: { status: number; body: any }): Outcome => {
  if (!res.body.success) return { ok: false, code: res.body.code, message: res.body.error };
  const b = res.body.data.booking;
  return {
    ok: true,
    booking: {
      status: b.status,
      paymentStatus: b.payment_status,
      refundCents: b.refund_amount,
      creatorConfirmed: b.streamer_confirmed,
      bookerConfirmed: b.booker_confirmed,
      availableActions: b.available_actions,
      disputeReason: b.dispute_reason,
      disputeEvidence: b.dispute_evidence,
      cancellationReason: b.cancellation_reason,
    },
  };
};

export function graphqlTransport(app: TestApp): Transport {
  const call = async (field: string, args: string, params: string, vars: Record<string, unknown>, token: string) =>
    fromGql((await app.gql(`mutation (${params}) { ${field}(${args}) { ${BOOKING_FIELDS} } }`, vars, token)).body, field);
  return {
    name: 'GraphQL',
    accept: (t, id) => call('acceptBooking', 'bookingId: $id', '$id: ID!', { id }, t),
    decline: (t, id) => call('declineBooking', 'bookingId: $id', '$id: ID!', { id }, t),
    cancel: (t, id, reason) => call('cancelBooking', 'input: $input', '$input: CancelBookingInput!', { input: { bookingId: id, reason, reasonCode: 'SCHEDULE_CONFLICT' } }, t),
    confirm: (t, id) => call('confirmBookingCompletion', 'bookingId: $id', '$id: ID!', { id }, t),
    dispute: (t, id, a) =>
      call('openDispute', 'input: $input', '$input: OpenDisputeInput!', { input: { bookingId: id, reason: a.reason, evidence: a.evidence, kind: a.kind?.toUpperCase() } }, t),
    payout: (t, id) => call('requestPayout', 'bookingId: $id', '$id: ID!', { id }, t),
    get: async (t, id) => fromGql((await app.gql(`query ($id: ID!) { booking(id: $id) { ${BOOKING_FIELDS} } }`, { id }, t)).body, 'booking'),
  };
}

/** REST with the id in the path: POST /bookings/{id}/confirm-completion, /cancel (reason), /dispute (reason, evidence). */
export function restPathTransport(app: TestApp): Transport {
  const post = async (path: string, body: unknown, t: string) => fromRest(await app.rest('POST', path, body, t));
  return {
    name: 'REST /bookings/{id}/…',
    accept: (t, id) => post(`/bookings/${id}/accept`, {}, t),
    decline: (t, id) => post(`/bookings/${id}/decline`, {}, t),
    cancel: (t, id, reason) => post(`/bookings/${id}/cancel`, { reason, reason_code: 'schedule_conflict' }, t),
    confirm: (t, id) => post(`/bookings/${id}/confirm-completion`, {}, t),
    dispute: (t, id, a) => post(`/bookings/${id}/dispute`, { reason: a.reason, evidence: a.evidence, kind: a.kind }, t),
    payout: (t, id) => post('/payments/payout', { booking_id: id }, t),
    get: async (t, id) => fromRest(await app.rest('GET', `/bookings/${id}`, undefined, t)),
  };
}

/** REST with the id in the body, and PATCH /bookings/{id} {status} for the creator's answer. */
export function restBodyTransport(app: TestApp): Transport {
  const post = async (path: string, body: unknown, t: string) => fromRest(await app.rest('POST', path, body, t));
  const patch = async (id: string, status: string, t: string) => fromRest(await app.rest('PATCH', `/bookings/${id}`, { status, ...(status === 'cancelled' ? { reason_code: 'not_a_fit' } : {}) }, t));
  return {
    name: 'REST /bookings/… {booking_id}',
    accept: (t, id) => patch(id, 'confirmed', t),
    decline: (t, id) => patch(id, 'cancelled', t),
    cancel: (t, id, reason) => post('/bookings/cancel', { booking_id: id, cancellation_reason: reason, reason_code: 'schedule_conflict' }, t),
    confirm: (t, id) => post('/bookings/confirm-completion', { booking_id: id }, t),
    dispute: (t, id, a) => post('/bookings/dispute', { booking_id: id, dispute_reason: a.reason, dispute_evidence: a.evidence, dispute_kind: a.kind }, t),
    payout: (t, id) => post('/payments/payout', { booking_id: id }, t),
    get: async (t, id) => fromRest(await app.rest('GET', `/bookings/${id}`, undefined, t)),
  };
}
