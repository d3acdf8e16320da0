import { WEBHOOK_API_VERSION } from './webhook-event-types';

/** What the webhooks feature needs of an outbox event (the outbox row's columns). */
export interface WebhookSourceEvent {
  id: string;
  topic: string;
  payload: Record<string, unknown>;
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
 * The one serializer of webhook bodies: the outbox payload (ids, amounts in cents, ISO times,
 * names) under `data`, wrapped in the versioned envelope. The docs' example payloads are produced
 * by this function in a test.
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
