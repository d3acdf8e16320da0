import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../platform/db/orm';
import type { Clock } from '../../platform/shared/clock';
import type { Metrics } from '../../platform/observability/metrics';
import type { CalendarService } from '../calendar';
import { exponentialBackoff, WorkQueue, type Outcome, type WorkRow } from '../../platform/jobs/work-queue';
import { productLinks } from '../../platform/shared/product-links';
import type { SecretBox } from '../../platform/security/secret-box';
import { randomUUID } from 'node:crypto';
import { accountEmailContent, bookingEmailContent, messageDigestContent, ticketEmailContent, type EmailMoney, type NotificationForEmail, type Recipient } from './email-content';
import type { OutboxConsumer } from '../../platform/outbox/outbox';
import type { OutgoingMail } from '../../platform/mail/mail-transport';
import { emailKindOf, sentToUnverified } from './notification-kinds';
import { notificationFrame, ticketFrame } from './email-frames';
import type { PreferencesService } from './preferences.service';
import { renderEmail } from './templates/render-email';
import type { OutboxTopic, SupportTicketCreatedPayload } from '../../platform/outbox/outbox.topics';
import { publicNameSql } from '../users';
import type { MoneyFigures } from '../bookings';

/** A delivery is given up (status failed) after this many attempts. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 2 * 3_600_000;
/** How long a claimed delivery is held by its worker; after that a crashed send is tried again. */
export const LEASE_MS = 2 * 60_000;
/** A new message becomes an e-mail once it has been unread this long (the recipient is away)… */
export const DIGEST_AWAY_MS = 10 * 60_000;
/** …and at most one e-mail per conversation per recipient in this time. */
export const DIGEST_EVERY_MS = 60 * 60_000;
/** Notifications older than this when first seen are not e-mailed (e.g. after a long outage). */
const PLAN_HORIZON = "interval '7 days'";
/** E-mails this process sends at once. */
const CONCURRENCY = 4;

/** Exponential back-off: 30 s, 1 min, 2 min, … capped at 2 h. */
export const emailRetryDelayMs = exponentialBackoff(FIRST_RETRY_MS, MAX_RETRY_MS);

export interface EmailDeliveryDeps {
  /** false when e-mail is off (production without SMTP_URL): nothing is planned or sent. */
  enabled: boolean;
  orm: Orm;
  clock: Clock;
  logger?: Logger;
  metrics?: Pick<Metrics, 'jobRuns' | 'jobClaims'>;
  /** Sends one e-mail over SMTP (platform/mail/mail.ts). */
  send: (mail: OutgoingMail) => Promise<void>;
  from: () => { name: string; email: string };
  preferences: PreferencesService;
  calendar: CalendarService;
  publicUrl: () => string;
  /** Opens the sealed token of an account e-mail's link (features/auth seals it with the same key, bound to the user). */
  linkBox: SecretBox;
  /** Bookings' money figures from the ledger (features/bookings `moneyOf`): the amounts an e-mail tells, read when it is rendered. */
  money: (em: EntityManager, bookingIds: readonly string[]) => Promise<Map<string, MoneyFigures>>;
  /** An issued document's PDF and lines by id (features/documents `issuedPdf`): the receipt e-mail attaches the invoice. */
  document: (em: EntityManager, documentId: string) => Promise<{ number: string; filename: string; bytes: Buffer; body: { lines: { description: string; amountCents: number }[] }; bookerUserId: string | null } | null>;
  /** Support's inbox (SUPPORT_EMAIL): contact-form tickets are e-mailed there. */
  supportAddress: () => string;
}

/** The topics e-mailed to addresses rather than to a notification's user, and who gets them. */
export const ADDRESS_TOPICS = ['support.ticket_created'] as const satisfies readonly OutboxTopic[];
type AddressRole = 'support' | 'sender';

interface NotificationRow {
  id: string;
  user_id: string;
  /** The outbox topic the notification was written for (features/notifications copies it from the event). */
  type: OutboxTopic;
  event_id: string;
  booking_id: string | null;
  conversation_id: string | null;
  payload: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
  /** The acting party's copy of a calendar change (features/notifications): e-mailed in their words. */
  actor_copy: boolean;
}

interface DeliveryRow extends WorkRow {
  /** null for an address delivery. */
  user_id: string | null;
  topic: string;
  conversation_id: string | null;
  message_id: string;
  /** An address delivery's recipient and its outbox event (a contact-form ticket's e-mails). */
  to_address: string | null;
  event_id: string | null;
  /** An address delivery's reader: support's inbox, or the sender's copy. */
  address_role: AddressRole | null;
}

const asNotification = (n: NotificationRow): NotificationForEmail => ({
  id: n.id,
  type: n.type,
  bookingId: n.booking_id,
  conversationId: n.conversation_id,
  payload: n.payload,
  createdAt: new Date(n.created_at),
  actorCopy: Boolean(n.actor_copy),
});

/**
 * The e-mail consumer of the outbox (docs/architecture.md, "An event"). Notifications (one per event and recipient,
 * written in the event's transaction) become e-mails in two steps:
 *
 * 1. plan: each new notification (the actor's copy of a calendar change included, so the person who
 *    accepted, moved or cancelled gets the same invite) gets one `email_delivery` row, keyed by the notification id, with
 *    its Message-ID fixed now: `pending`, or `skipped` (no e-mail for that kind, or turned off in
 *    the recipient's preferences). New messages wait until they have been unread for 10 minutes and
 *    are digested: one e-mail per conversation per hour, the others `merged` into it.
 * 2. send: the `email-deliveries` work queue (jobs/work-queue.ts) claims due rows with a lease
 *    (attempts + 1) BEFORE the SMTP send, then records `sent`. A failed send is retried with
 *    exponential back-off (MAX_ATTEMPTS at most); a crash between the send and its record leaves the
 *    lease, which expires, and the same message (same Message-ID) is sent again: a well-behaved
 *    server keeps one (the development catcher does).
 *
 * Polled by the job scheduler every 10 s (retries, digests whose wait is over, lost wake-ups) and
 * woken after each commit that wrote notifications. Planning runs before each claim.
 */
export class EmailDeliveryWorker {
  readonly queue: WorkQueue<DeliveryRow>;

  constructor(private readonly deps: EmailDeliveryDeps) {
    this.queue = new WorkQueue<DeliveryRow>(
      {
        name: 'email-deliveries',
        table: 'email_delivery',
        concurrency: CONCURRENCY,
        leaseMs: LEASE_MS,
        backoffMs: emailRetryDelayMs,
        retryLimit: MAX_ATTEMPTS,
        pollSeconds: 10,
        prepare: (now) => this.plan(now),
        handle: (row, now) => this.attempt(row, now),
      },
      { orm: deps.orm, clock: deps.clock, logger: deps.logger, metrics: deps.metrics },
    );
  }

  get enabled(): boolean {
    return this.deps.enabled;
  }

  /**
   * The in-transaction consumer of address topics: a contact-form ticket is e-mailed to the support
   * address and, as a copy, to its sender: two `pending` deliveries written with the event (their
   * Message-IDs fixed now), sent by the same work queue as every other e-mail.
   */
  addressConsumer(): OutboxConsumer {
    return {
      name: 'mail-addresses',
      topics: ADDRESS_TOPICS,
      statement: (event) => {
        if (event.topic !== 'support.ticket_created') return null;
        const recipients: [AddressRole, string][] = [
          ['support', this.deps.supportAddress()],
          ['sender', event.payload.email],
        ];
        const ids = recipients.map(() => randomUUID());
        return {
          sql: `insert into email_delivery (id, user_id, topic, conversation_id, status, address_role, message_id, next_attempt_at, planned_at, to_address, event_id)
                select r.id, null, ev.topic, null, 'pending', r.role, '<' || r.id || '@' || ? || '>', ev.created_at, ev.created_at, r.address, ev.id
                  from ev, unnest(?::uuid[], ?::text[], ?::text[]) as r(id, role, address)
                returning 1`,
          params: [this.messageDomain(), `{${ids.join(',')}}`, `{${recipients.map(([role]) => role).join(',')}}`, recipients.map(([, a]) => a)],
        };
      },
    };
  }

  /** Plans and sends what is due soon (coalesced), without waiting. */
  wake(): void {
    if (this.deps.enabled) this.queue.wake();
  }

  /** Plans new notifications and sends every due e-mail, waiting for the sends; returns how many were sent. */
  async runDue(now: Date = this.deps.clock.now()): Promise<number> {
    if (!this.deps.enabled) return 0;
    const results = await this.queue.drain(now);
    return results.filter((r) => r.status === 'sent').length;
  }

  /** Step 1: an email_delivery row for each new notification (or none yet: a message still waiting). */
  async plan(now: Date): Promise<void> {
    const em = this.deps.orm.em.fork();
    const fresh = await em.execute<NotificationRow[]>(
      `select n.* from notification n
        where n.created_at > now() - ${PLAN_HORIZON} and not exists (select 1 from email_delivery d where d.id = n.id)
        order by n.created_at, n.id limit 1000`,
    );
    const messages = new Map<string, NotificationRow[]>();
    for (const n of fresh) {
      if (n.type === 'message.created' && n.conversation_id) {
        const key = `${n.user_id}:${n.conversation_id}`;
        messages.set(key, [...(messages.get(key) ?? []), n]);
        continue;
      }
      const skip = !emailKindOf(n.type)
        ? 'no e-mail for this kind'
        : !(await this.deps.preferences.emailEnabled(em, n.user_id, n.type))
          ? 'turned off in preferences'
          : await this.unverifiedReason(em, n.user_id, n.type);
      await this.insert(em, n, now, skip ? { status: 'skipped', reason: skip } : { status: 'pending' });
    }
    for (const group of messages.values()) await this.planDigest(em, group, now);
  }

  /** New messages of one conversation for one recipient: wait, skip (read / turned off), or one digest. */
  private async planDigest(em: EntityManager, group: NotificationRow[], now: Date): Promise<void> {
    const { user_id: userId, conversation_id: conversationId } = group[0];
    const off = !(await this.deps.preferences.emailEnabled(em, userId, 'message.created')) ? 'turned off in preferences' : await this.unverifiedReason(em, userId, 'message.created');
    if (off) {
      for (const n of group) await this.insert(em, n, now, { status: 'skipped', reason: off });
      return;
    }
    for (const n of group.filter((m) => m.read_at)) await this.insert(em, n, now, { status: 'skipped', reason: 'read in the app' });
    const unread = group.filter((m) => !m.read_at);
    if (unread.length === 0) return;
    // Away: the oldest unread message has waited 10 minutes.
    if (now.getTime() - new Date(unread[0].created_at).getTime() < DIGEST_AWAY_MS) return;
    const [recent] = await em.execute<{ n: string }[]>(
      `select count(*) as n from email_delivery where user_id = ? and conversation_id = ? and status in ('pending', 'sending', 'sent', 'failed') and planned_at > ?`,
      [userId, conversationId, new Date(now.getTime() - DIGEST_EVERY_MS)],
    );
    if (Number(recent.n) > 0) return;
    await em.transactional(async (tx) => {
      const [head, ...rest] = unread;
      const planned = await this.insert(tx, head, now, { status: 'pending' });
      if (!planned) return;
      for (const n of rest) await this.insert(tx, n, now, { status: 'merged', into: head.id });
    });
  }

  /**
   * Nothing but account and security e-mails goes to an address nobody confirmed: otherwise anyone
   * could sign up with someone else's address and make the product mail them (a message's text,
   * a booking request). Decided when planned and again when sent.
   */
  private async unverifiedReason(em: EntityManager, userId: string, topic: string): Promise<string | null> {
    if (sentToUnverified(topic)) return null;
    const [row] = await em.execute<{ verified: boolean }[]>('select email_verified_at is not null as verified from users where id = ?', [userId]);
    return row && !row.verified ? 'address not verified' : null;
  }

  /** The clear token of an account e-mail's link (null when it does not open: then the e-mail links to the page to ask again). */
  private openLinkToken(sealed: string, userId: string): string | null {
    try {
      return this.deps.linkBox.open(sealed, userId);
    } catch {
      return null;
    }
  }

  private async insert(
    em: EntityManager,
    n: NotificationRow,
    now: Date,
    as: { status: 'pending' } | { status: 'skipped'; reason: string } | { status: 'merged'; into: string },
  ): Promise<boolean> {
    const rows = await em.execute(
      `insert into email_delivery (id, user_id, topic, conversation_id, status, skip_reason, merged_into, message_id, next_attempt_at, planned_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing returning id`,
      [
        n.id,
        n.user_id,
        n.type,
        n.conversation_id,
        as.status,
        as.status === 'skipped' ? as.reason : null,
        as.status === 'merged' ? as.into : null,
        this.messageId(n.id),
        now,
        now,
      ],
    );
    return rows.length > 0;
  }

  /**
   * Marks every notification not planned yet, as `em`'s transaction sees them, as handled without an
   * e-mail (`skipped`, with the reason). For history written in bulk, e.g. the demo seeder's reviews:
   * their e-mails would be stale the moment they arrive. Returns how many were marked.
   */
  async markHandled(em: EntityManager, reason: string): Promise<number> {
    const rows = await em.execute(
      `insert into email_delivery (id, user_id, topic, conversation_id, status, skip_reason, message_id, next_attempt_at, planned_at)
       select n.id, n.user_id, n.type, n.conversation_id, 'skipped', ?, '<' || n.id || '@' || ? || '>', now(), now()
         from notification n where not exists (select 1 from email_delivery d where d.id = n.id)
       on conflict (id) do nothing returning id`,
      [reason, this.messageDomain()],
    );
    return rows.length;
  }

  /** `<notification id@sender's domain>`: fixed at planning, the same on every attempt. */
  messageId(notificationId: string): string {
    return `<${notificationId}@${this.messageDomain()}>`;
  }

  messageDomain(): string {
    return this.deps.from().email.split('@')[1] ?? 'collabhub.localhost';
  }

  /** Step 2, one claimed delivery: sent, skipped (decided again now), or failed (retried by the queue). */
  private async attempt(d: DeliveryRow, now: Date): Promise<Outcome> {
    try {
      const [status, reason] = await this.deliver(this.deps.orm.em.fork(), d);
      return { ok: true, status, set: { skip_reason: reason, sent_at: status === 'sent' ? now : null, last_error: null } };
    } catch (err) {
      const error = String(err instanceof Error ? err.message : err).slice(0, 500);
      const last = Number(d.attempts) >= MAX_ATTEMPTS;
      this.deps.logger?.warn({ err, delivery: d.id, attempts: d.attempts }, last ? 'e-mail: giving up' : 'e-mail: send failed, will retry');
      return { ok: false, error, set: { last_error: error } };
    }
  }

  /** Renders and sends one claimed delivery; says what it came to (the queue records it, conditional on the claim). */
  private async deliver(em: EntityManager, d: DeliveryRow): Promise<['sent' | 'skipped', string | null]> {
    if (d.to_address) return this.deliverToAddress(em, d);
    if (!d.user_id) return ['skipped', 'no recipient'];
    return this.deliverNotification(em, { ...d, user_id: d.user_id });
  }

  /** A notification's e-mail (or a message digest) to its user. */
  private async deliverNotification(em: EntityManager, d: DeliveryRow & { user_id: string }): Promise<['sent' | 'skipped', string | null]> {
    const notifications = await em.execute<NotificationRow[]>(
      `select n.* from notification n join email_delivery d on d.id = n.id where d.id = ? or d.merged_into = ? order by n.created_at, n.id`,
      [d.id, d.id],
    );
    const head = notifications.find((n) => n.id === d.id);
    if (!head) {
      return ['skipped', 'notification is gone'];
    }
    // Decided again at send time: preferences may have changed, a reminded booking may be cancelled.
    if (!(await this.deps.preferences.emailEnabled(em, d.user_id, d.topic))) {
      return ['skipped', 'turned off in preferences'];
    }
    const unverified = await this.unverifiedReason(em, d.user_id, d.topic);
    if (unverified) {
      return ['skipped', unverified];
    }
    if (d.topic === 'booking.reminder' && !(await this.deps.calendar.reminderStillDue(em, String(head.booking_id), head.payload.startTime))) {
      return ['skipped', 'booking no longer confirmed at that time'];
    }
    const people = await this.people(em, [d.user_id]);
    const to = people.get(d.user_id);
    if (!to) {
      return ['skipped', 'recipient is gone'];
    }
    // The invite's only attendee is its reader: the other party is named in it, never their address.
    // A message about a booking (an answer to a proposed time) is no change to anyone's calendar.
    const calendar = head.booking_id && d.topic !== 'message.created' ? await this.deps.calendar.inviteFor(em, head.event_id, d.user_id, this.deps.from(), { name: to.name, email: to.email }) : null;
    // The actor's copy is there for the invite: a change their calendar never held (a pending request moved or cancelled) sends nothing.
    if (head.actor_copy && !calendar) {
      return ['skipped', 'no calendar change for the actor'];
    }
    const recipient: Recipient = { ...to, timeZone: await this.deps.preferences.timeZoneOf(em, d.user_id) };
    const links = productLinks(this.deps.publicUrl());
    const account = sentToUnverified(d.topic);
    const sealed = typeof head.payload.sealedToken === 'string' ? head.payload.sealedToken : null;
    const money = account || d.topic === 'message.created' ? null : await this.moneyOf(em, head);
    const { subject, content } = account
      ? accountEmailContent(asNotification(head), recipient, links, sealed ? this.openLinkToken(sealed, d.user_id) : null)
      : d.topic === 'message.created'
        ? messageDigestContent(notifications.map(asNotification), recipient, links)
        : bookingEmailContent(asNotification(head), recipient, links, calendar?.method ?? null, money?.told);
    const kind = emailKindOf(d.topic)!;
    const { html, text } = await renderEmail(content, notificationFrame(d.topic, links));
    const token = this.deps.preferences.unsubscribeToken(d.user_id, kind.key);
    await this.deps.send({
      messageId: d.message_id,
      // An account e-mail names its address (a verification goes to the NEW address of an e-mail change).
      to: account && typeof head.payload.toAddress === 'string' ? head.payload.toAddress : recipient.email,
      subject,
      html,
      text,
      unsubscribeUrl: `${this.deps.publicUrl()}/api/v1/mail/unsubscribe?u=${d.user_id}&k=${kind.key}&t=${token}`,
      ...(calendar ? { calendar } : {}),
      ...(money?.attachment ? { attachments: [money.attachment] } : {}),
    });
    return ['sent', null];
  }

  /**
   * What a booking e-mail tells of money, read now: the booking's figures from the ledger and, for a
   * receipt, the invoice issued at the capture (rendered from its row by id, attached as a PDF, its
   * lines told), only when it is the recipient's own.
   */
  private async moneyOf(em: EntityManager, head: NotificationRow): Promise<{ told: EmailMoney; attachment: { filename: string; content: Buffer; contentType: string } | null }> {
    const figures = head.booking_id ? ((await this.deps.money(em, [head.booking_id])).get(head.booking_id) ?? null) : null;
    const invoiceId = head.type === 'payment.captured' && typeof head.payload.invoiceId === 'string' ? head.payload.invoiceId : null;
    const invoice = invoiceId ? await this.deps.document(em, invoiceId) : null;
    if (!invoice || invoice.bookerUserId !== head.user_id) return { told: { figures }, attachment: null };
    return {
      told: { figures, invoice: { number: invoice.number, lines: invoice.body.lines } },
      attachment: { filename: invoice.filename, content: invoice.bytes, contentType: 'application/pdf' },
    };
  }

  /** An address delivery: the event's e-mail for support or for its sender. */
  private async deliverToAddress(em: EntityManager, d: DeliveryRow): Promise<['sent' | 'skipped', string | null]> {
    const [event] = await em.execute<{ topic: string; payload: SupportTicketCreatedPayload; created_at: Date }[]>(
      'select topic, payload, created_at from outbox_event where id = ?',
      [d.event_id],
    );
    if (!event || event.topic !== 'support.ticket_created') return ['skipped', 'event is gone'];
    const role: AddressRole = d.address_role === 'support' ? 'support' : 'sender';
    const links = productLinks(this.deps.publicUrl());
    const { subject, content, replyTo } = ticketEmailContent(event.payload, role, new Date(event.created_at), links);
    const { html, text } = await renderEmail(content, ticketFrame(role, links));
    await this.deps.send({ messageId: d.message_id, to: d.to_address!, subject, html, text, ...(replyTo ? { replyTo } : {}) });
    return ['sent', null];
  }

  private async people(em: EntityManager, ids: string[]): Promise<Map<string, { userId: string; email: string; name: string }>> {
    const wanted = [...new Set(ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)))];
    if (wanted.length === 0) return new Map();
    const rows = await em.execute<{ id: string; email: string; name: string }[]>(
      `select u.id, u.email, ${publicNameSql('u', 'p')} as name
         from users u left join profiles p on p.user_id = u.id where u.id = any(?::uuid[])`,
      [`{${wanted.join(',')}}`],
    );
    return new Map(rows.map((r) => [r.id, { userId: r.id, email: r.email, name: r.name }]));
  }
}
