import { dayKeyOf, formatDayKey, todayIn, addDays } from '../../../shared/lib/zoned-time';

/** What ordering a thread needs of a message. */
export interface Ordered {
  id: string;
  createdAt: string;
}

/**
 * One thread from any number of pieces (the first page, earlier pages, live arrivals, a catch-up
 * after a reconnect): each message once, oldest first. A message met twice keeps its newest copy.
 */
export function mergeMessages<M extends Ordered>(...pieces: ReadonlyArray<readonly M[]>): M[] {
  const byId = new Map<string, M>();
  for (const piece of pieces) for (const message of piece) byId.set(message.id, message);
  // (a stable sort: messages of the same instant keep the order the server gave them)
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** "Today", "Yesterday" or "Monday, June 9" for the day separators of a thread. */
export function dayLabel(instant: string, zone: string, now: Date = new Date()): string {
  const key = dayKeyOf(instant, zone);
  const today = todayIn(zone, now);
  if (key === today) return 'Today';
  if (key === addDays(today, -1)) return 'Yesterday';
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return formatDayKey(key, sameYear ? undefined : { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
}

/** The thread cut into days: each day's label and its messages, in order. */
export function groupByDay<M extends Ordered>(messages: readonly M[], zone: string, now: Date = new Date()) {
  const days: { key: string; label: string; messages: M[] }[] = [];
  for (const message of messages) {
    const key = dayKeyOf(message.createdAt, zone);
    const current = days[days.length - 1];
    if (current && current.key === key) current.messages.push(message);
    else days.push({ key, label: dayLabel(message.createdAt, zone, now), messages: [message] });
  }
  return days;
}

/**
 * The message that carries "Seen": the viewer's newest written message the other party has read
 * (read at or after it was sent). Null when they have read none of the viewer's messages.
 */
export function seenMessageId(
  items: ReadonlyArray<Ordered & { senderId: string | null; kind: string; sending?: boolean }>,
  viewerId: string,
  otherLastReadAt: string | null | undefined,
): string | null {
  if (!otherLastReadAt) return null;
  const readAt = Date.parse(otherLastReadAt);
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.senderId !== viewerId || item.kind === 'EVENT' || item.sending) continue;
    if (Date.parse(item.createdAt) <= readAt) return item.id;
  }
  return null;
}
