import { EventEmitter } from 'node:events';

/**
 * Domain events that drive live updates. Services publish after their transaction commits;
 * GraphQL subscriptions listen. The transport is pluggable so events reach subscribers on
 * every server instance (the in-process bus is the single-instance default).
 */
export interface DomainEvents {
  /** A booking changed; delivered to its two parties (booker user, creator user). */
  bookingUpdated: { bookingId: string; partyUserIds: string[] };
  /** A creator's slots were added, removed, held, taken or freed. */
  slotsChanged: { creatorId: string };
  /** What the public sees of a user's profile changed: its fields, or its rating and reviews. */
  profileChanged: { userId: string };
  /** Outbox events whose transaction committed (platform/outbox): wakes consumers and live notification/message deliveries. */
  outboxCommitted: {
    id: string;
    seq: string;
    topic: string;
    aggregateId: string;
    bookingId: string | null;
    audienceUserIds: string[];
    /**
     * The outbox consumers that queued work rows for it (e.g. `webhooks`: deliveries were written);
     * absent from an older instance's wake-up (then assume every consumer did).
     */
    work?: string[];
  };
  /** Someone is typing in, or has read, a conversation (ephemeral: never stored as an event). */
  conversationActivity: { conversationId: string; userId: string; kind: 'typing' | 'read'; at: string };
  /** Sign-in sessions (refresh-token families, the access token's `sid`) were revoked: every instance refuses them at once. */
  sessionsRevoked: { sessionIds: string[] };
  /** A partner API key was revoked: every instance forgets its cached lookup at once. */
  apiKeyRevoked: { keyId: string };
}

export type EventName = keyof DomainEvents;

export interface EventBus {
  publish<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe<E extends EventName>(event: E, listener: (payload: DomainEvents[E]) => void): () => void;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    this.emitter.emit(event, payload);
  }

  subscribe<E extends EventName>(event: E, listener: (payload: DomainEvents[E]) => void): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
