import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { requirePerson, type ServiceContext } from '../../platform/shared/context';
import { badInput } from '../../platform/shared/errors';
import { eventStream, keyedEvents, mapStream, type Listen } from '../../platform/shared/event-stream';
import type { DomainEvents, EventBus } from '../../platform/shared/events';
import { decodeCursor, encodeCursor, pageSize, toConnection, UUID_RE, type Connection } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import { perRequestLoader, type LoaderCache } from '../../platform/shared/loaders';
import { CALENDAR_CHANGE_TOPICS } from '../calendar';
import type { OutboxConsumer, OutboxEvent, PendingOutboxEvent, SqlPart } from '../../platform/outbox/outbox';
import { SELF_REQUESTED_TOPICS } from '../../platform/outbox/outbox.topics';
import { MONEY_TOPICS, notificationText } from './notifications.text';
import type { MoneyFigures } from '../bookings';

/** A notification as its recipient sees it. */
export interface NotificationView {
  id: string;
  type: string;
  eventId: string;
  bookingId: string | null;
  conversationId: string | null;
  payload: Record<string, unknown>;
  text: string;
  /** The hours of the booking it is about (the proposed hours for a proposed time), for the line that names it. */
  bookingStartTime: Date | null;
  bookingEndTime: Date | null;
  readAt: Date | null;
  createdAt: Date;
}

/** The viewer's unread bell items by where they lead (the dashboard's tab badges). */
export interface UnreadSummary {
  total: number;
  /** About a booking (requests, answers, proposed times, cancellations, payments). */
  bookings: number;
  /** New messages. */
  messages: number;
}

interface NotificationRow {
  id: string;
  user_id: string;
  type: string;
  event_id: string;
  booking_id: string | null;
  conversation_id: string | null;
  payload: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

const COLUMNS = 'id, user_id, type, event_id, booking_id, conversation_id, payload, read_at, created_at';

/** Reads bookings' money figures from the ledger (features/bookings `moneyOf`): the amounts an inbox line tells. */
export type MoneyReader = (em: EntityManager, bookingIds: readonly string[]) => Promise<Map<string, MoneyFigures>>;

const instant = (v: unknown): Date | null => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);

const view = (r: NotificationRow, money: Map<string, MoneyFigures>): NotificationView => ({
  id: r.id,
  type: r.type,
  eventId: r.event_id,
  bookingId: r.booking_id,
  conversationId: r.conversation_id,
  payload: r.payload,
  text: notificationText(r.type, r.payload, r.user_id, (r.booking_id && money.get(r.booking_id)) || null),
  bookingStartTime: r.booking_id ? instant(r.payload.startTime) : null,
  bookingEndTime: r.booking_id ? instant(r.payload.endTime) : null,
  readAt: r.read_at ? new Date(r.read_at) : null,
  createdAt: new Date(r.created_at),
});

const MarkReadSchema = z
  .object({
    ids: z.array(z.uuid({ error: 'ids must be notification ids' }), { error: 'ids must be a list of notification ids' }).max(500, 'ids: at most 500 at once').nullish(),
    all: z.boolean({ error: 'all must be true or false' }).nullish(),
    bookingId: z.uuid({ error: 'bookingId must be a booking id' }).nullish(),
  })
  .refine((v) => v.all === true || Boolean(v.bookingId) || (v.ids && v.ids.length > 0), {
    message: 'Give ids (the notifications to mark read), bookingId (every one about that booking) or all: true',
    path: ['ids'],
  });
export type MarkReadInput = z.input<typeof MarkReadSchema>;

/**
 * The notification inbox: one row per (outbox event, concerned user), written by an outbox
 * consumer in the transaction of the event (so never an event without its notification, and
 * never twice: unique (event_id, user_id)). Read, counted and marked read by its recipient only.
 *
 * A calendar change (confirmed, moved, cancelled) also gets a row for the party who made it, the
 * actor's copy: written already read and flagged `actor_copy`, it is what the e-mail consumer
 * turns into the actor's e-mail with the invite, and it is never listed, counted or pushed live
 * (the actor knows what they did).
 */
export class NotificationsService {
  private readonly committedFor: (userId: string) => Listen<DomainEvents['outboxCommitted']>;

  constructor(private readonly deps: { events: EventBus; money: MoneyReader }) {
    this.committedFor = keyedEvents(deps.events, 'outboxCommitted', (e) => e.audienceUserIds);
  }

  /** The in-transaction consumer: one notification per concerned user (the actor excluded), plus the actor's copy of a calendar change. */
  consumer(): OutboxConsumer {
    return {
      name: 'notifications',
      statement: (event) => notificationRows(event),
    };
  }

  /** The in-transaction consumer that clears the actor's bell items of the booking they acted on. */
  actedOnConsumer(): OutboxConsumer {
    return { name: 'notifications-acted-on', statement: (event) => actedOnRows(event) };
  }

  async list(ctx: ServiceContext, args: { first?: unknown; after?: unknown; unreadOnly?: boolean | null }): Promise<Connection<NotificationView>> {
    const viewer = requirePerson(ctx);
    const size = pageSize(args.first, 20);
    const after = args.after ? decodeCursor(String(args.after), (p) => p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string' && UUID_RE.test(p[1])) : null;
    const unread = args.unreadOnly ? ' and read_at is null' : '';
    const params: unknown[] = [viewer.id];
    let where = `user_id = ? and not actor_copy${unread}`;
    if (after) {
      where += ' and (created_at, id) < (?::timestamptz, ?::uuid)';
      params.push(after[0], after[1]);
    }
    const rows = await ctx.em.execute<NotificationRow[]>(
      `select ${COLUMNS} from notification where ${where} order by created_at desc, id desc limit ${size + 1}`,
      params,
    );
    const [{ count }] = await ctx.em.execute<{ count: number }[]>(`select count(*)::int as count from notification where user_id = ? and not actor_copy${unread}`, [viewer.id]);
    const money = await this.moneyOf(ctx.em, rows);
    return toConnection(rows.map((r) => view(r, money)), size, count, (n) => encodeCursor([n.createdAt.toISOString(), n.id]));
  }

  /** The money figures of the bookings whose lines tell an amount, read from the ledger now (one statement for a page). */
  private moneyOf(em: EntityManager, rows: NotificationRow[]): Promise<Map<string, MoneyFigures>> {
    const ids = rows.filter((r) => r.booking_id && MONEY_TOPICS.includes(r.type as never)).map((r) => r.booking_id!);
    return ids.length ? this.deps.money(em, ids) : Promise.resolve(new Map());
  }

  async unreadCount(ctx: ServiceContext): Promise<number> {
    const viewer = requirePerson(ctx);
    const [{ count }] = await ctx.em.execute<{ count: number }[]>('select count(*)::int as count from notification where user_id = ? and not actor_copy and read_at is null', [viewer.id]);
    return count;
  }

  /** The viewer's unread bell items, by where they lead. */
  async unreadSummary(ctx: ServiceContext): Promise<UnreadSummary> {
    const viewer = requirePerson(ctx);
    const [row] = await ctx.em.execute<UnreadSummary[]>(
      `select count(*)::int as total, (count(*) filter (where booking_id is not null))::int as bookings, (count(*) filter (where type = 'message.created'))::int as messages
         from notification where user_id = ? and not actor_copy and read_at is null`,
      [viewer.id],
    );
    return row;
  }

  /** The viewer's unread bell items about each booking (a booking card's own count), batched per request. */
  unreadOfBooking(ctx: ServiceContext & { loaders: LoaderCache }, bookingId: string): Promise<number> {
    const viewerId = ctx.viewer && !ctx.viewer.partnerKeyId ? ctx.viewer.id : null;
    if (!viewerId) return Promise.resolve(0);
    return perRequestLoader<string, number>(ctx, 'notifications:unreadOfBooking', async (ids) => {
      const rows = await ctx.em.execute<{ booking_id: string; n: number }[]>(
        `select booking_id, count(*)::int as n from notification
          where user_id = ? and booking_id = any(?::uuid[]) and not actor_copy and read_at is null group by booking_id`,
        [viewerId, `{${ids.join(',')}}`],
      );
      const counts = new Map(rows.map((r) => [r.booking_id, r.n]));
      return ids.map((id) => counts.get(id) ?? 0);
    }).load(bookingId);
  }

  /** Marks the viewer's notifications read (the given ids, those of a booking, or all); others' ids are ignored. Returns the unread count left. */
  async markRead(ctx: ServiceContext, input: MarkReadInput): Promise<number> {
    const viewer = requirePerson(ctx);
    const data = parseInput(MarkReadSchema, input);
    if (data.all) {
      await ctx.em.execute('update notification set read_at = now() where user_id = ? and read_at is null', [viewer.id]);
    } else if (data.bookingId) {
      await ctx.em.execute('update notification set read_at = now() where user_id = ? and read_at is null and booking_id = ?', [viewer.id, data.bookingId]);
    } else {
      await ctx.em.execute('update notification set read_at = now() where user_id = ? and read_at is null and id = any(?::uuid[])', [viewer.id, `{${data.ids!.join(',')}}`]);
    }
    return this.unreadCount(ctx);
  }

  /** Marks read the viewer's notifications of a conversation (opening a thread reads its message notifications). */
  async markConversationNotificationsRead(em: EntityManager, userId: string, conversationId: string): Promise<void> {
    await em.execute('update notification set read_at = now() where user_id = ? and conversation_id = ? and read_at is null', [userId, conversationId]);
  }

  /** The viewer's new notifications, live (sign-in required): each committed event that concerns them. */
  notificationsAdded(ctx: ServiceContext & { em: EntityManager }): AsyncIterableIterator<NotificationView> {
    const viewer = requirePerson(ctx);
    const root = ctx.em;
    return mapStream(eventStream(this.committedFor(viewer.id)), async (event) => {
      const em = root.fork();
      const [row] = await em.execute<NotificationRow[]>(`select ${COLUMNS} from notification where event_id = ? and user_id = ? and not actor_copy`, [event.id, viewer.id]);
      return row ? view(row, await this.moneyOf(em, [row])) : null;
    });
  }
}

/**
 * Whoever acts on a booking (accepts, declines, proposes a time, pays, cancels) has dealt with what
 * their bell said about it: the event's statement marks the actor's unread items of that booking
 * read, in the move's transaction.
 */
function actedOnRows(event: PendingOutboxEvent): SqlPart | null {
  const actor = event.actorUserId;
  if (!event.bookingId || !actor || !UUID_RE.test(actor) || !event.audienceUserIds.includes(actor)) return null;
  return {
    sql: `update notification set read_at = ev.created_at from ev
           where notification.user_id = ? and notification.booking_id = ev.booking_id and notification.read_at is null
          returning 1`,
    params: [actor],
  };
}

/** Who is notified of an event: its audience, except whoever caused it. */
export const recipientsOf = (event: Pick<OutboxEvent, 'audienceUserIds' | 'actorUserId'>) =>
  event.audienceUserIds.filter((id) => id !== event.actorUserId);

/**
 * Who gets the actor's copy of an event: the party who made a calendar change (they get the
 * invite by e-mail too), when they are one of its audience (not support acting on a booking).
 */
export const actorCopyOf = (event: Pick<OutboxEvent, 'topic' | 'audienceUserIds' | 'actorUserId'>): string | null =>
  event.actorUserId && (CALENDAR_CHANGE_TOPICS as readonly string[]).includes(event.topic) && event.audienceUserIds.includes(event.actorUserId) ? event.actorUserId : null;

/**
 * The event's notification rows, one per recipient (and the actor's copy, already read), as one
 * statement reading the event from the outbox row being inserted (`ev`).
 */
function notificationRows(event: PendingOutboxEvent): SqlPart | null {
  const recipients = recipientsOf(event);
  const actor = actorCopyOf(event);
  const copy = actor && UUID_RE.test(actor) ? actor : null;
  if (recipients.length === 0 && !copy) return null;
  const conversationId = 'conversationId' in event.payload ? event.payload.conversationId : null;
  if (recipients.some((id) => !UUID_RE.test(id))) throw badInput('audience must be user ids');
  // The actor is never among the recipients (recipientsOf leaves them out): their copy is one more row.
  const users = copy ? [...recipients, copy] : recipients;
  const copies = users.map((_, i) => i >= recipients.length);
  return {
    sql: `insert into notification (id, user_id, type, event_id, booking_id, conversation_id, payload, created_at, read_at, actor_copy)
          select gen_random_uuid(), r.u, ev.topic, ev.id, ev.booking_id, ?::uuid, ev.payload, ev.created_at, case when r.copy or ? then ev.created_at end, r.copy
            from ev, unnest(?::uuid[], ?::boolean[]) as r(u, copy)
          on conflict (event_id, user_id) do nothing
          returning 1`,
    params: [conversationId, (SELF_REQUESTED_TOPICS as readonly string[]).includes(event.topic), `{${users.join(',')}}`, `{${copies.join(',')}}`],
  };
}
