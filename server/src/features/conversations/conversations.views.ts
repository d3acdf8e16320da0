import { cancellationSentence, readBookingStories, type BookingStory, type MoneyFigures } from '../bookings';
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMoney } from '../../platform/shared/money';
import { isOutboxTopic, OUTBOX_TOPICS, type BookingTopic, type OutboxTopic } from '../../platform/outbox/outbox.topics';
import { publicNameSql } from '../users';
import { avatarUrlSql } from '../profiles';
/** Rows and views of conversations and their lines; the SQL that reads them in one statement each. */

export type ViewerRole = 'client' | 'creator' | 'support';
export type MessageKind = 'text' | 'event' | 'proposal' | 'offer';
export type ProposalStatus = 'pending' | 'accepted' | 'declined' | 'superseded';


/**
 * What a thread's event line tells of a booking's move: who, what state, why, from the booking's
 * story (its history row that the event names, read through bookings' front door). The amounts a
 * line states are the booking's figures read from the ledger when the thread renders (`money`).
 */
export interface EventLineFacts {
  bookingId: string;
  creatorUserId: string;
  creatorName: string;
  bookerUserId: string;
  bookerName: string | null;
  /** The booking's status after the move. */
  status: string;
  /** The reason given with the move. */
  reason: string | null;
  /** Who cancelled (the move's actor, for a cancellation). */
  cancelledBy: string | null;
}

/**
 * The line a thread shows for each topic (times are shown by the client, in the reader's zone);
 * null: no line (announcements, and what is not about a booking's state; only a booking's moves
 * have lines). A new topic does not compile until it is decided here.
 */
const EVENT_LINES: { [T in OutboxTopic]: T extends BookingTopic ? ((f: EventLineFacts, money: MoneyFigures | null) => string) | null : null } = {
  'booking.created': () => 'Booking requested',
  'booking.confirmed': () => 'Booking accepted',
  'booking.declined': (p) => (p.reason ? `Booking declined: ${String(p.reason)}` : 'Booking declined'),
  'booking.expired': () => 'Request expired without an answer',
  // The thread is read by both sides: who cancelled, why, and both sides' money.
  'booking.cancelled': (p, money) => cancellationSentence(p, null, money),
  'booking.completed': () => 'Booking completed',
  'booking.disputed': () => 'Dispute opened',
  'booking.resolved': () => 'Dispute resolved',
  'booking.moved': () => 'Booking moved to the new time',
  'payout.paid': (_p, money) => (money ? `Paid out ${formatMoney(money.paidOutCents)}` : 'Paid out'),
  // The brief and deliveries are on the booking card (not a move of the booking: no line).
  'brief.submitted': null,
  'brief.confirmed': null,
  'delivery.submitted': null,
  'delivery.changes_requested': null,
  'delivery.approved': null,
  'payment.captured': null,
  'booking.expiring': null,
  'booking.reminder': null,
  'booking.time_proposed': null,
  'review.created': null,
  'message.created': null,
  'creator.updated': null,
  'creator.availability_changed': null,
  'webhook_endpoint.disabled': null,
  'webhook_endpoint.test': null,
  'account.verify_email': null,
  'account.password_reset': null,
  'account.password_changed': null,
  'account.email_change_requested': null,
  // An offer is its card in the thread (kind 'offer'): the card shows its status, so no extra line.
  'offer.sent': null,
  'offer.countered': null,
  'offer.accepted': null,
  'offer.declined': null,
  'offer.withdrawn': null,
  'offer.expired': null,
  'support.ticket_created': null,
};

/** Event lines that tell an amount: their booking's figures are read from the ledger when the thread renders. */
export const MONEY_LINE_TOPICS: readonly OutboxTopic[] = ['booking.cancelled', 'payout.paid'];

/** The bookings whose money a list of rows tells (event lines of MONEY_LINE_TOPICS). */
export const moneyBookingIds = (rows: readonly MessageRow[]) =>
  rows.filter((r) => r.kind === 'event' && r.booking_id && MONEY_LINE_TOPICS.includes(r.event_type as OutboxTopic)).map((r) => r.booking_id!);

/** The bookings' events a thread shows as lines (read from the outbox, never copied). */
export const EVENT_LINE_TOPICS: readonly OutboxTopic[] = OUTBOX_TOPICS.filter((t) => EVENT_LINES[t] !== null);

export interface ConversationRow {
  id: string;
  client_user_id: string;
  creator_profile_id: string;
  creator_user_id: string;
  created_at: Date;
  last_activity_at: Date;
  my_role: ViewerRole | null;
  my_last_read_at: Date | null;
  creator_name: string;
  creator_avatar: string | null;
  client_name: string;
  client_avatar: string | null;
  client_profile_id: string | null;
  client_last_read_at: Date | null;
  creator_last_read_at: Date | null;
  unread_count: number;
  booking_ids: string[];
  disputed: boolean;
  lm_id: string | null;
  lm_kind: string | null;
  lm_text: string | null;
  lm_sender_user_id: string | null;
  lm_sender_name: string | null;
  lm_is_support: boolean | null;
  lm_booking_id: string | null;
  lm_proposed_start: Date | null;
  lm_proposed_end: Date | null;
  lm_proposal_status: string | null;
  lm_responded_at: Date | null;
  lm_offer_id: string | null;
  lm_file_ids: string[] | null;
  lm_created_at: Date | null;
}

/** One party of a conversation as the other sees them. */
export interface PartyView {
  userId: string;
  /** The party's creator profile (the creator's; a client's own when they have one). */
  profileId: string | null;
  displayName: string;
  avatarUrl: string | null;
  /** When they last read the conversation ("Seen"). */
  lastReadAt: Date | null;
}

export interface ConversationView {
  id: string;
  createdAt: Date;
  lastActivityAt: Date;
  viewerRole: ViewerRole;
  creator: PartyView;
  client: PartyView;
  /** The party the viewer talks to (for support: the client). */
  otherParty: PartyView;
  bookingIds: string[];
  /** Whether one of the pair's bookings is disputed (support reads the thread). */
  disputed: boolean;
  unreadCount: number;
  lastReadAt: Date | null;
  lastMessage: MessageView | null;
}

export interface MessageRow {
  id: string;
  kind: MessageKind;
  sender_user_id: string | null;
  sender_name: string | null;
  text: string;
  is_support: boolean;
  booking_id: string | null;
  proposed_start: Date | null;
  proposed_end: Date | null;
  proposal_status: ProposalStatus | null;
  responded_at: Date | null;
  offer_id?: string | null;
  /** The files sent with a message (ids, in the order sent). */
  file_ids?: string[] | null;
  created_at: Date;
  event_type?: string | null;
  /** Event lines: the history row of the move the event tells, and the amounts its payload states. */
  event_history_id?: string | null;
  event_payload?: Record<string, unknown> | null;
  /** Event lines: the move's facts, read from the booking's story (`withEventFacts`). */
  event_facts?: EventLineFacts | null;
}

export interface MessageView {
  id: string;
  kind: MessageKind;
  senderId: string | null;
  senderName: string | null;
  /** Whether the viewer wrote it. */
  mine: boolean;
  /** The text as written (trimmed); for an event line, what happened in words. Shown as text, never as HTML. */
  text: string;
  isSupport: boolean;
  bookingId: string | null;
  /** Event lines: the booking event's topic (e.g. booking.confirmed). */
  eventType: string | null;
  /** Event lines: the hours of the booking the line is about (after the event), so the line names its booking. */
  bookingStartTime: Date | null;
  bookingEndTime: Date | null;
  proposal: { startTime: Date; endTime: Date; status: ProposalStatus; respondedAt: Date | null } | null;
  /** An offer line: the custom offer its card shows. */
  offerId: string | null;
  /** The files sent with the message (ids, in the order sent; read them with `filesOf`). */
  fileIds: string[];
  createdAt: Date;
}

const SENDER_NAME = `case when m.is_support then 'Support' else ${publicNameSql('su', 'sp')} end`;

/** A message with its sender's name (append `where ...`). */
export const MESSAGE_SELECT = `select m.id, m.kind, m.sender_user_id, ${SENDER_NAME} as sender_name, m.text, m.is_support, m.booking_id,
    m.proposed_start, m.proposed_end, m.proposal_status, m.responded_at, m.offer_id, m.created_at, null::text as event_type, null::uuid as event_history_id, null::jsonb as event_payload,
    m.file_ids
  from message m left join users su on su.id = m.sender_user_id left join profiles sp on sp.user_id = m.sender_user_id`;

/**
 * A conversation with everything a list row or a thread header shows, as seen by a viewer
 * (4 parameters: the viewer's id, four times), then `where ...`.
 */
export const CONVERSATION_COLUMNS = `select c.id, c.client_user_id, c.creator_profile_id, c.creator_user_id, c.created_at, c.last_activity_at,
    me.role as my_role, me.last_read_at as my_last_read_at,
    cp.display_name as creator_name, ${avatarUrlSql('cp', 160)} as creator_avatar,
    ${publicNameSql('cu', 'clp')} as client_name, ${avatarUrlSql('clp', 160)} as client_avatar, clp.id as client_profile_id,
    clm.last_read_at as client_last_read_at, crm.last_read_at as creator_last_read_at,
    (select count(*)::int from message um where um.conversation_id = c.id and um.sender_user_id is distinct from ?
       and um.created_at > coalesce(me.last_read_at, '-infinity'::timestamptz)) as unread_count,
    coalesce((select array_agg(cb.booking_id::text order by cb.booking_id) from conversation_booking cb where cb.conversation_id = c.id), '{}') as booking_ids,
    exists (select 1 from conversation_booking db where db.conversation_id = c.id and db.disputed) as disputed,
    lm.id as lm_id, lm.kind as lm_kind, lm.text as lm_text, lm.sender_user_id as lm_sender_user_id,
    case when lm.is_support then 'Support' else ${publicNameSql('lsu', 'lsp')} end as lm_sender_name,
    lm.is_support as lm_is_support, lm.booking_id as lm_booking_id, lm.proposed_start as lm_proposed_start, lm.proposed_end as lm_proposed_end,
    lm.proposal_status as lm_proposal_status, lm.responded_at as lm_responded_at, lm.offer_id as lm_offer_id, lm.file_ids as lm_file_ids, lm.created_at as lm_created_at
  from conversation c
  left join conversation_member me on me.conversation_id = c.id and me.user_id = ?
  join profiles cp on cp.id = c.creator_profile_id
  join users cu on cu.id = c.client_user_id
  left join profiles clp on clp.user_id = c.client_user_id
  left join conversation_member clm on clm.conversation_id = c.id and clm.user_id = c.client_user_id and clm.user_id <> ?
  left join conversation_member crm on crm.conversation_id = c.id and crm.user_id = c.creator_user_id and crm.user_id <> ?
  left join lateral (select * from message m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) lm on true
  left join users lsu on lsu.id = lm.sender_user_id
  left join profiles lsp on lsp.user_id = lm.sender_user_id`;

const date = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
const instant = (v: unknown): Date | null => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);

export function conversationFrom(r: ConversationRow, viewerId: string, role?: ViewerRole): ConversationView {
  const viewerRole: ViewerRole = role ?? (r.my_role as ViewerRole) ?? 'support';
  const creator: PartyView = {
    userId: r.creator_user_id,
    profileId: r.creator_profile_id,
    displayName: r.creator_name,
    avatarUrl: r.creator_avatar,
    lastReadAt: date(r.creator_last_read_at),
  };
  const client: PartyView = {
    userId: r.client_user_id,
    profileId: r.client_profile_id,
    displayName: r.client_name,
    avatarUrl: r.client_avatar,
    lastReadAt: date(r.client_last_read_at),
  };
  const lastMessage: MessageView | null = r.lm_id
    ? messageFrom(
        {
          id: r.lm_id,
          kind: r.lm_kind as MessageKind,
          sender_user_id: r.lm_sender_user_id,
          sender_name: r.lm_sender_name,
          text: r.lm_text ?? '',
          is_support: Boolean(r.lm_is_support),
          booking_id: r.lm_booking_id,
          proposed_start: r.lm_proposed_start,
          proposed_end: r.lm_proposed_end,
          proposal_status: r.lm_proposal_status as ProposalStatus | null,
          responded_at: r.lm_responded_at,
          offer_id: r.lm_offer_id,
          file_ids: r.lm_file_ids,
          created_at: r.lm_created_at!,
        },
        viewerId,
      )
    : null;
  return {
    id: r.id,
    createdAt: new Date(r.created_at),
    lastActivityAt: new Date(r.last_activity_at),
    viewerRole,
    creator,
    client,
    otherParty: viewerRole === 'client' ? creator : client,
    bookingIds: r.booking_ids ?? [],
    disputed: r.disputed,
    unreadCount: r.unread_count,
    lastReadAt: date(r.my_last_read_at),
    lastMessage,
  };
}

export function messageFrom(r: MessageRow, viewerId: string, money: ReadonlyMap<string, MoneyFigures> = new Map()): MessageView {
  const isEvent = r.kind === 'event';
  return {
    id: r.id,
    kind: r.kind,
    senderId: r.sender_user_id,
    senderName: isEvent ? null : r.sender_name,
    mine: !isEvent && r.sender_user_id === viewerId,
    text: isEvent ? eventLineText(r.event_type ?? '', r.event_facts ?? null, (r.booking_id && money.get(r.booking_id)) || null) : r.text,
    isSupport: r.is_support,
    bookingId: r.booking_id,
    eventType: isEvent ? (r.event_type ?? null) : null,
    bookingStartTime: isEvent ? instant(r.event_payload?.startTime) : null,
    bookingEndTime: isEvent ? instant(r.event_payload?.endTime) : null,
    proposal:
      r.kind === 'proposal' && r.proposed_start && r.proposed_end
        ? { startTime: new Date(r.proposed_start), endTime: new Date(r.proposed_end), status: r.proposal_status ?? 'pending', respondedAt: date(r.responded_at) }
        : null,
    offerId: r.kind === 'offer' ? (r.offer_id ?? null) : null,
    fileIds: r.kind === 'text' ? (r.file_ids ?? []) : [],
    createdAt: new Date(r.created_at),
  };
}

/** An event line in words (a stored event's topic, the facts of the move it names, null: the move is not known; its booking's money now). */
export function eventLineText(topic: string, facts: EventLineFacts | null, money: MoneyFigures | null = null): string {
  const line = isOutboxTopic(topic) ? (EVENT_LINES[topic] as ((f: EventLineFacts, money: MoneyFigures | null) => string) | null) : null;
  return line && facts ? line(facts, money) : topic;
}

/** The facts of the move an event line tells, from the booking's story (null: not a move of this booking). */
function factsOf(story: BookingStory, row: MessageRow): EventLineFacts | null {
  // The move the event names; an event written before events named their moves: the latest move told as that topic.
  const move = row.event_history_id
    ? story.moves.find((m) => m.id === row.event_history_id)
    : [...story.moves].reverse().find((m) => m.topic === row.event_type);
  if (!move) return null;
  return {
    bookingId: story.bookingId,
    creatorUserId: story.creatorUserId,
    creatorName: story.creatorName,
    bookerUserId: story.bookerUserId,
    bookerName: story.bookerName,
    status: move.toStatus,
    reason: move.reason,
    cancelledBy: move.toStatus === 'cancelled' && move.fromStatus !== 'cancelled' ? move.actor : null,
  };
}

/** Event lines get their facts from their bookings' stories: one read for all the lines' bookings. */
export async function withEventFacts<R extends MessageRow>(em: EntityManager, rows: R[]): Promise<R[]> {
  const events = rows.filter((r) => r.kind === 'event' && r.booking_id);
  if (events.length === 0) return rows;
  const stories = await readBookingStories(em, events.map((r) => r.booking_id!));
  for (const r of events) {
    const story = stories.get(r.booking_id!);
    r.event_facts = story ? factsOf(story, r) : null;
  }
  return rows;
}
