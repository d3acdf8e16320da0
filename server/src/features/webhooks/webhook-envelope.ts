import { WEBHOOK_API_VERSION } from './webhook-event-types';

/** What the webhooks feature needs of an outbox event (the outbox row's columns). */
export interface WebhookSourceEvent {
  id: string;
  topic: string;
  /** The event's payload (outbox.topics.ts: a JSON object). */
  payload: object;
  createdAt: Date;
  /** The users the event concerns (a booking's brand and creator); empty for public events. */
  audienceUserIds: readonly string[];
}

/** The JSON body of every delivery (docs/partners.md, "Webhooks"). */
export interface WebhookEnvelope {
  /** The event's id: the same for every endpoint that receives it, and on every retry or replay. */
  id: string;
  type: string;
  /** When the event happened (ISO 8601, UTC). */
  created: string;
  api_version: string;
  data: Record<string, unknown>;
}

/**
 * The one serializer of webhook bodies: the outbox payload (ids, ISO times, names) under `data`,
 * wrapped in the versioned envelope. A booking event's amounts are not in the event: they are added
 * from the ledger when the delivery is first sent (`withBookingMoney`). The docs' example payloads
 * are checked against real deliveries in a test.
 */
export function toEnvelope(event: WebhookSourceEvent): WebhookEnvelope {
  return {
    id: event.id,
    type: event.topic,
    created: event.createdAt.toISOString(),
    api_version: WEBHOOK_API_VERSION,
    data: { ...event.payload },
  };
}

export const serializeEnvelope = (event: WebhookSourceEvent): string => JSON.stringify(toEnvelope(event));

/**
 * The body of an event whose stamp is not known yet (it is being appended to the outbox in the
 * same statement): the JSON text before and after the `created` value, which PostgreSQL fills in
 * from the row (`createdIsoSql`). Joined, they are `serializeEnvelope` of the stored event.
 */
export function envelopeAroundCreated(event: Omit<WebhookSourceEvent, 'createdAt'>): [string, string] {
  const marker = '1970-01-01T00:00:00.000Z';
  const text = serializeEnvelope({ ...event, createdAt: new Date(marker) });
  // `id` (a uuid) and `type` (a topic) come first: the first occurrence is the envelope's own.
  const at = text.indexOf(`"created":"${marker}"`) + '"created":"'.length;
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/** SQL for a timestamptz (stored to the millisecond) as `Date.toISOString()` writes it. */
export const createdIsoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Booking events: their `data` tells the booking's money, read from the ledger when the delivery is built. */
export const tellsBookingMoney = (topic: string) => topic.startsWith('booking.') || topic === 'payout.paid';

/**
 * The booking whose money a stored body still waits for (null: none, or already built). A body
 * built once is sent as it is on every retry (same bytes, same signature input).
 */
export function bookingMoneyPending(topic: string, body: string): string | null {
  if (!tellsBookingMoney(topic)) return null;
  const { data } = JSON.parse(body) as WebhookEnvelope;
  return typeof data?.bookingId === 'string' && !('totalCents' in data) ? data.bookingId : null;
}

/** The body with the booking's money fields (features/bookings `moneyEventFields`) in its `data`, keeping the envelope as it was. */
export function withBookingMoney(body: string, money: Record<string, number>): string {
  const envelope = JSON.parse(body) as WebhookEnvelope;
  return JSON.stringify({ ...envelope, data: { ...envelope.data, ...money } });
}
