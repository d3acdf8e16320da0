import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Outbox } from '../../platform/outbox/outbox';
import type { ServiceContext } from '../../platform/shared/context';
import { requireViewer } from '../../platform/shared/context';
import { forbidden, notFound, rateLimited } from '../../platform/shared/errors';
import { pageSize, UUID_RE } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import type { RateLimitStore } from '../../platform/security/rate-limits';
import { UserRole } from '../users';

/** The contact form's categories (the client's select offers the same list). */
export const TICKET_CATEGORIES = ['general', 'support', 'billing', 'partnership', 'feedback', 'bug'] as const;
export type TicketStatus = 'open' | 'closed';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The contact form, checked by the service for every transport: each refusal names its field. */
export const ContactSchema = z.object({
  name: text('Name', 120),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Email must be a valid email address' })),
  subject: z.string().trim().max(200, 'Subject must be at most 200 characters').nullish(),
  category: z.enum(TICKET_CATEGORIES, { error: `Category must be one of ${TICKET_CATEGORIES.join(', ')}` }).nullish(),
  message: text('Message', 5000),
});
/** As transports hand it over (the schema checks every field). */
export type ContactInput = { [K in keyof z.input<typeof ContactSchema>]?: unknown };

const StatusSchema = z.object({
  ticketId: z.uuid({ error: 'ticketId must be a valid id' }),
  status: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['open', 'closed'], { error: 'status must be OPEN or CLOSED' })),
});

const ListSchema = z.object({
  status: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['open', 'closed', 'all'], { error: 'status must be OPEN, CLOSED or ALL' })).default('open'),
});

/** A ticket as support reads it. */
export interface SupportTicketView {
  id: string;
  reference: string;
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
  /** The sender's account when they were signed in. */
  userId: string | null;
  status: TicketStatus;
  createdAt: Date;
  closedAt: Date | null;
}

interface TicketRow {
  id: string;
  reference: string;
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
  user_id: string | null;
  status: TicketStatus;
  created_at: Date;
  closed_at: Date | null;
}

const view = (r: TicketRow): SupportTicketView => ({
  id: r.id,
  reference: r.reference,
  name: r.name,
  email: r.email,
  subject: r.subject,
  category: r.category,
  message: r.message,
  userId: r.user_id,
  status: r.status,
  createdAt: new Date(r.created_at),
  closedAt: r.closed_at ? new Date(r.closed_at) : null,
});

/** "T-1A2B3C4D": what the sender and support quote. */
export const ticketReference = (id: string) => `T-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

const subjectOf = (subject: string | null | undefined, message: string) => {
  if (subject) return subject;
  const line = message.split('\n')[0].trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

const requireSupport = (ctx: ServiceContext) => {
  const viewer = requireViewer(ctx);
  if (viewer.role !== UserRole.SUPPORT || viewer.partnerKeyId) throw forbidden('Only support staff can do this');
  return viewer;
};

/**
 * The contact form reaches support: each message is a ticket (open until support closes it),
 * and its `support.ticket_created` event, published in the ticket's transaction, is e-mailed by
 * the mail feature to the support address and, as a copy, to the sender. One address may send
 * `perHour` messages an hour (RATE_LIMITED past that, nothing stored).
 */
export class SupportTicketsService {
  constructor(private readonly deps: { outbox: Outbox; limits: RateLimitStore; perHour: number }) {}

  async create(ctx: ServiceContext, input: ContactInput): Promise<SupportTicketView> {
    const data = parseInput(ContactSchema, input);
    const address = data.email.toLowerCase();
    const decision = await this.deps.limits.consume({ name: 'contact:address', points: this.deps.perHour, durationSeconds: 3600 }, address);
    if (!decision.allowed) {
      const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
      throw rateLimited(`You have sent several messages from ${data.email} in the last hour: we have them all. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, decision.retryAfterSeconds);
    }
    const id = randomUUID();
    const reference = ticketReference(id);
    const ticket = {
      id,
      reference,
      name: data.name,
      email: data.email,
      subject: subjectOf(data.subject, data.message),
      category: data.category ?? 'general',
      message: data.message,
    };
    // A partner key acts for nobody here; a signed-in person's ticket is linked to their account.
    const userId = ctx.viewer && !ctx.viewer.partnerKeyId ? ctx.viewer.id : null;
    await ctx.em.transactional(async (em) => {
      await em.execute(
        'insert into support_tickets (id, reference, name, email, subject, category, message, user_id) values (?, ?, ?, ?, ?, ?, ?, ?)',
        [id, reference, ticket.name, ticket.email, ticket.subject, ticket.category, ticket.message, userId],
      );
      await this.deps.outbox.publish(em, {
        topic: 'support.ticket_created',
        aggregateId: id,
        actorUserId: userId,
        audienceUserIds: [],
        payload: { ticketId: id, ...ticket },
      });
    });
    return this.read(ctx.em, id);
  }

  /** Support: tickets, newest first (open ones by default). */
  async list(ctx: ServiceContext, args: { status?: unknown; first?: unknown }): Promise<SupportTicketView[]> {
    requireSupport(ctx);
    const { status } = parseInput(ListSchema, { status: args.status ?? undefined });
    const size = pageSize(args.first, 50);
    const rows = await ctx.em.execute<TicketRow[]>(
      `select * from support_tickets ${status === 'all' ? '' : 'where status = ?'} order by created_at desc, id desc limit ${size}`,
      status === 'all' ? [] : [status],
    );
    return rows.map(view);
  }

  async get(ctx: ServiceContext, ticketId: unknown): Promise<SupportTicketView> {
    requireSupport(ctx);
    if (typeof ticketId !== 'string' || !UUID_RE.test(ticketId)) throw notFound('Ticket not found');
    return this.read(ctx.em, ticketId);
  }

  /** Support opens or closes a ticket. */
  async setStatus(ctx: ServiceContext, input: { ticketId: unknown; status: unknown }): Promise<SupportTicketView> {
    const viewer = requireSupport(ctx);
    const data = parseInput(StatusSchema, input);
    const rows = await ctx.em.execute(
      `update support_tickets set status = ?, closed_at = case when ? = 'closed' then coalesce(closed_at, now()) end, closed_by = case when ? = 'closed' then ?::uuid end
        where id = ? returning id`,
      [data.status, data.status, data.status, viewer.id, data.ticketId],
    );
    if (rows.length === 0) throw notFound('Ticket not found');
    return this.read(ctx.em, data.ticketId);
  }

  private async read(em: EntityManager, id: string): Promise<SupportTicketView> {
    const [row] = await em.execute<TicketRow[]>('select * from support_tickets where id = ?', [id]);
    if (!row) throw notFound('Ticket not found');
    return view(row);
  }
}
