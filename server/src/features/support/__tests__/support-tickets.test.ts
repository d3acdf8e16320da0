import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { account, type Account } from '../../bookings/__tests__/booking-fixtures';
import { mailTo } from '../../mail/__tests__/mail-helpers';
import { UserRole } from '../../users/user.entity';

/**
 * The contact form reaches support: a ticket support reads and closes in its console, an e-mail
 * to the support address (reply goes to the sender) and the sender's copy, through the outbox and
 * the e-mail work queue into the real SMTP catcher. Throttled per address; bad fields are named.
 */
let app: TestApp;
let support: Account;
let brand: Account;
const SUPPORT_EMAIL = 'help-desk@collabhub.localhost';

beforeAll(async () => {
  app = await startTestApp({ SUPPORT_EMAIL, CONTACT_RATE_LIMIT_PER_HOUR: '3' });
  support = await account(app, 'brand', UserRole.SUPPORT);
  brand = await account(app, 'brand');
});
afterAll(() => app?.close());

const SEND = `mutation ($input: ContactMessageInput!) { sendContactMessage(input: $input) { reference email } }`;
const TICKETS = `query ($status: SupportTicketListStatus) { supportTickets(status: $status) { id reference name email subject category message userId status closedAt } }`;
const TICKET = `query ($id: ID!) { supportTicket(id: $id) { id reference status message } }`;
const SET_STATUS = `mutation ($id: ID!, $status: SupportTicketStatus!) { setSupportTicketStatus(id: $id, status: $status) { id status closedAt } }`;
const run = () => app.server.services.emailDelivery.runDue(app.clock.now());
const ticketCount = async () => Number((await app.orm.em.fork().getConnection().execute('select count(*)::int as n from support_tickets'))[0].n);

describe('the contact form creates a support ticket', () => {
  it('a visitor’s message is a ticket in the console, e-mailed to the support address (reply to the sender) and copied to the sender', async () => {
    const sender = uniqueEmail('visitor');
    const sent = await app.gql(SEND, { input: { name: 'Vera Visitor', email: sender, subject: 'Payout timing', category: 'billing', message: 'When do creators get paid?\nThanks!' } });
    expect(sent.body.errors).toBeUndefined();
    const { reference } = sent.body.data.sendContactMessage;
    expect(reference).toMatch(/^T-[0-9A-F]{8}$/);

    const list = await app.gql(TICKETS, {}, support.token);
    const ticket = list.body.data.supportTickets.find((t: { reference: string }) => t.reference === reference);
    expect(ticket).toMatchObject({ name: 'Vera Visitor', email: sender, subject: 'Payout timing', category: 'billing', message: 'When do creators get paid?\nThanks!', userId: null, status: 'OPEN', closedAt: null });

    expect(await run()).toBeGreaterThanOrEqual(2);
    const [toSupport] = await mailTo(app, SUPPORT_EMAIL);
    expect(toSupport.subject).toBe(`[${reference}] Payout timing`);
    expect(toSupport.text).toContain('When do creators get paid?');
    expect(toSupport.text).toContain(sender);
    expect(toSupport.headers['reply-to']).toContain(sender);
    expect(toSupport.headers['list-unsubscribe']).toBeUndefined();
    const [copy] = await mailTo(app, sender);
    expect(copy.subject).toBe(`We received your message (${reference})`);
    expect(copy.text).toContain('When do creators get paid?');
    expect(copy.text).toContain(reference);
    // Sent once each: a second run sends nothing more.
    await run();
    expect(await mailTo(app, SUPPORT_EMAIL)).toHaveLength(1);
    expect(await mailTo(app, sender)).toHaveLength(1);
  });

  it('support closes a ticket (it leaves the open list) and can open it again; a signed-in sender’s ticket is linked to their account', async () => {
    const sent = await app.gql(SEND, { input: { name: 'Brand Person', email: brand.email, message: 'My invoice shows the wrong company name.' } }, brand.token);
    const { reference } = sent.body.data.sendContactMessage;
    const open = (await app.gql(TICKETS, {}, support.token)).body.data.supportTickets;
    const ticket = open.find((t: { reference: string }) => t.reference === reference);
    // No subject: the first line of the message stands for it; the category defaults to general.
    expect(ticket).toMatchObject({ subject: 'My invoice shows the wrong company name.', category: 'general', userId: brand.userId });

    const closed = await app.gql(SET_STATUS, { id: ticket.id, status: 'CLOSED' }, support.token);
    expect(closed.body.data.setSupportTicketStatus.status).toBe('CLOSED');
    expect(closed.body.data.setSupportTicketStatus.closedAt).not.toBeNull();
    expect((await app.gql(TICKETS, {}, support.token)).body.data.supportTickets.map((t: { id: string }) => t.id)).not.toContain(ticket.id);
    expect((await app.gql(TICKETS, { status: 'CLOSED' }, support.token)).body.data.supportTickets.map((t: { id: string }) => t.id)).toContain(ticket.id);
    expect((await app.gql(TICKET, { id: ticket.id }, support.token)).body.data.supportTicket.status).toBe('CLOSED');
    const reopened = await app.gql(SET_STATUS, { id: ticket.id, status: 'OPEN' }, support.token);
    expect(reopened.body.data.setSupportTicketStatus).toMatchObject({ status: 'OPEN', closedAt: null });
  });

  it('only support reads tickets: anyone else is refused, over GraphQL and REST', async () => {
    expect((await app.gql(TICKETS, {}, brand.token)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await app.gql(TICKETS, {})).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await app.rest('GET', '/support/tickets', undefined, brand.token)).status).toBe(403);
    const id = (await app.gql(TICKETS, {}, support.token)).body.data.supportTickets[0].id;
    expect((await app.gql(SET_STATUS, { id, status: 'CLOSED' }, brand.token)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await app.rest('GET', `/support/tickets/${id}`, undefined, support.token)).body.data.id).toBe(id);
  });

  it('bad fields are refused naming the field, and nothing is stored or sent', async () => {
    const before = await ticketCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ', email: 'a@example.test', message: 'Hi' }, 'name', 'Name is required'],
      [{ name: 'A', email: 'not-an-address', message: 'Hi' }, 'email', 'Email must be a valid email address'],
      [{ name: 'A', email: 'a@example.test', message: '   ' }, 'message', 'Message is required'],
      [{ name: 'A', email: 'a@example.test', message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
      [{ name: 'A', email: 'a@example.test', message: 'Hi', category: 'spam' }, 'category', 'Category must be one of'],
    ];
    for (const [input, field, message] of cases) {
      const res = await app.rest('POST', '/contact', input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error).toContain(message);
      expect(res.body.field).toBe(field);
    }
    expect(await ticketCount()).toBe(before);
  });

  it('one address may send 3 messages an hour (the test limit); the fourth is refused and stored nowhere', async () => {
    const sender = uniqueEmail('eager');
    for (let i = 0; i < 3; i++) {
      const ok = await app.rest('POST', '/contact', { name: 'Eager', email: sender, message: `Message ${i}` });
      expect(ok.status).toBe(201);
    }
    const before = await ticketCount();
    // The same address in other letters is the same address.
    const refused = await app.rest('POST', '/contact', { name: 'Eager', email: sender.toUpperCase(), message: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Try again in \d+ minutes?/);
    expect(await ticketCount()).toBe(before);
  });
});
