import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import type { SupportTicketView } from './support-tickets';

export enum SupportTicketStatus {
  OPEN = 'open',
  CLOSED = 'closed',
}
registerEnumType(SupportTicketStatus, { name: 'SupportTicketStatus' });

export enum SupportTicketListStatus {
  OPEN = 'open',
  CLOSED = 'closed',
  ALL = 'all',
}
registerEnumType(SupportTicketListStatus, { name: 'SupportTicketListStatus' });

@ObjectType('SupportTicket', { description: 'A message sent through the contact form (support staff read it; the sender got a copy by e-mail)', simpleResolvers: true })
export class SupportTicketType implements Omit<SupportTicketView, 'status'> {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'What the sender and support quote, e.g. T-1A2B3C4D' })
  reference!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: "The sender's address (reply there)" })
  email!: string;

  @Field(() => String)
  subject!: string;

  @Field(() => String, { description: 'general, support, billing, partnership, feedback or bug' })
  category!: string;

  @Field(() => String, { description: 'As written (plain text)' })
  message!: string;

  @Field(() => ID, { nullable: true, description: "The sender's account when they were signed in" })
  userId!: string | null;

  @Field(() => SupportTicketStatus)
  status!: SupportTicketStatus;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  closedAt!: Date | null;
}

/** What the sender is told: the reference to quote (nothing of other tickets). */
@ObjectType('ContactReceipt', { simpleResolvers: true })
export class ContactReceiptType {
  @Field(() => String, { description: 'The ticket reference, e.g. T-1A2B3C4D (also in the e-mailed copy)' })
  reference!: string;

  @Field(() => String, { description: 'Where the copy was sent' })
  email!: string;
}

@InputType('ContactMessageInput')
export class ContactMessageInput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true })
  subject?: string | null;

  @Field(() => String, { nullable: true, description: 'general (default), support, billing, partnership, feedback or bug' })
  category?: string | null;

  @Field(() => String)
  message!: string;
}

const asType = (t: SupportTicketView): SupportTicketType => ({ ...t, status: t.status as SupportTicketStatus });

/** The contact form (anyone) and support's ticket console (support staff only). */
@Resolver()
export class SupportTicketsResolver {
  @Mutation(() => ContactReceiptType, { description: 'The contact form: creates a support ticket, e-mails support and sends the sender a copy (throttled per address)' })
  async sendContactMessage(@Arg('input', () => ContactMessageInput) input: ContactMessageInput, @Ctx() ctx: GraphQLContext) {
    const ticket = await ctx.services.supportTickets.create(ctx, input);
    return { reference: ticket.reference, email: ticket.email };
  }

  @Query(() => [SupportTicketType], { description: 'Support staff: contact-form tickets, newest first (open ones by default; first: 1-100, default 50)' })
  async supportTickets(
    @Arg('status', () => SupportTicketListStatus, { nullable: true, defaultValue: SupportTicketListStatus.OPEN }) status: SupportTicketListStatus,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return (await ctx.services.supportTickets.list(ctx, { status, first })).map(asType);
  }

  @Query(() => SupportTicketType, { description: 'Support staff: one ticket' })
  async supportTicket(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return asType(await ctx.services.supportTickets.get(ctx, id));
  }

  @Mutation(() => SupportTicketType, { description: 'Support staff: close a ticket (or open it again)' })
  async setSupportTicketStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => SupportTicketStatus) status: SupportTicketStatus,
    @Ctx() ctx: GraphQLContext,
  ) {
    return asType(await ctx.services.supportTickets.setStatus(ctx, { ticketId: id, status }));
  }
}
