import type { DomainEvents, EventName } from './events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; Redis has no such limit but we keep one rule. */
export const MAX_EVENT_BYTES = 7900;

const KNOWN: ReadonlySet<string> = new Set<EventName>(['bookingUpdated', 'slotsChanged', 'profileChanged', 'outboxCommitted', 'conversationActivity', 'sessionsRevoked', 'apiKeyRevoked']);

/** How an event travels between server instances: a small JSON envelope. */
export function encodeEvent<E extends EventName>(event: E, payload: DomainEvents[E]): string {
  const text = JSON.stringify({ e: event, p: payload });
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES) {
    throw new Error(`Event ${event} is ${Buffer.byteLength(text)} bytes; events carry ids only and must stay under ${MAX_EVENT_BYTES}`);
  }
  return text;
}

export function decodeEvent(text: string): { event: EventName; payload: unknown } | null {
  try {
    const parsed = JSON.parse(text) as { e?: unknown; p?: unknown };
    return typeof parsed.e === 'string' && KNOWN.has(parsed.e) ? { event: parsed.e as EventName, payload: parsed.p } : null;
  } catch {
    return null;
  }
}

export type EventBusLog = (message: string, err?: unknown) => void;
