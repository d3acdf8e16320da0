import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import {
  acceptedBooking,
  account,
  consecutive,
  creator,
  enablePayouts,
  HOUR,
  hourFromNow,
  type Account,
} from '../../bookings/__tests__/booking-fixtures';
import { mailTo } from '../../mail/__tests__/mail-helpers';
import { UserRole } from '../../users/user.entity';
import { embeddedFonts, pdfText } from './pdf-text';

let app: TestApp;
let support: Account;
beforeAll(async () => {
  app = await startTestApp();
  support = await account(app, 'brand', UserRole.SUPPORT);
});
afterAll(async () => {
  await app?.close();
});

interface Doc {
  id: string;
  kind: string;
  number: string;
  total_cents: number;
  currency: string;
  issued_at: string;
  url: string;
}

const documentsOf = async (bookingId: string, token: string): Promise<Doc[]> => {
  const res = await app.rest('GET', `/bookings/${bookingId}/documents`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** GET a document's PDF as `token` sees it: status, content type and bytes. */
async function download(url: string, token?: string) {
  const res = await fetch(`${app.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function pdfOf(url: string, token: string): Promise<string> {
  const res = await download(url, token);
  expect(res.status).toBe(200);
  expect(res.type).toBe('application/pdf');
  return pdfText(res.bytes);
}

async function twoParties(startInHours: number, hours = 1, displayName = 'Nova Stream') {
  const start = hourFromNow(app, startInHours);
  const c = await creator(app, consecutive(start, hours), { displayName });
  const brand = await account(app);
  return { c, brand, start };
}

describe('documents issued from the money moves', () => {
  it('billing details: a 400 naming the field for bad input, then copied onto the invoice issued at capture', async () => {
    const { c, brand, start } = await twoParties(72, 2);
    const missing = await app.rest('PUT', '/users/billing', { name: 'Acme GmbH', address: '  ' }, brand.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, error: 'address is required' });
    const badTax = await app.rest('PUT', '/users/billing', { name: 'Acme GmbH', address: 'Street 1', tax_id: 'DE<script>' }, brand.token);
    expect(badTax.status).toBe(400);
    expect(badTax.body.error).toContain('tax_id');
    const saved = await app.rest('PUT', '/users/billing', { name: 'Acme GmbH', address: 'Hauptstraße 5\n10115 Berlin\nGermany', tax_id: 'DE123456789' }, brand.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ name: 'Acme GmbH', address: 'Hauptstraße 5\n10115 Berlin\nGermany', tax_id: 'DE123456789' });
    const gql = await app.gql('query { billingDetails { name address taxId } }', {}, brand.token);
    expect(gql.body.data.billingDetails).toEqual({ name: 'Acme GmbH', address: 'Hauptstraße 5\n10115 Berlin\nGermany', taxId: 'DE123456789' });

    const { bookingId } = await acceptedBooking(app, brand, c, start, 2);
    const docs = await documentsOf(bookingId, brand.token);
    expect(docs.map((d) => [d.kind, d.total_cents, d.currency])).toEqual([
      ['invoice', 10000, 'USD'],
      ['receipt', 10000, 'USD'],
    ]);
    const code = c.profileId.slice(0, 8).toUpperCase();
    expect(docs[0].number).toBe(`INV-${code}-000001`);
    expect(docs[0].url).toBe(`/api/v1/documents/${docs[0].id}/pdf`);

    const invoice = await pdfOf(docs[0].url, brand.token);
    expect(invoice).toContain('Invoice');
    expect(invoice).toContain(`INV-${code}-000001`);
    expect(invoice).toContain('Nova Stream');
    expect(invoice).toContain('Acme GmbH');
    expect(invoice).toContain('Hauptstraße 5');
    expect(invoice).toContain('VAT / Tax ID: DE123456789');
    expect(invoice).toMatch(/Collaboration with Nova Stream .*\$90\.00/);
    expect(invoice).toMatch(/CollabHub platform fee \(10 %\) .*\$10\.00/);
    expect(invoice).toMatch(/Total paid \$100\.00/);
    const raw = await download(docs[0].url, brand.token);
    const fonts = embeddedFonts(raw.bytes);
    expect(fonts.embedded).toBe(true);
    expect(fonts.names.some((n) => n.endsWith('+DejaVuSans'))).toBe(true);

    // A later change of billing details never touches an issued document.
    await app.rest('PUT', '/users/billing', { name: 'Other Name Ltd', address: 'Elsewhere 1' }, brand.token);
    expect(await pdfOf(docs[0].url, brand.token)).toContain('Acme GmbH');

    const receipt = await pdfOf(docs[1].url, brand.token);
    expect(receipt).toMatch(/Receipt .*RCT-CH-\d{6}/);
    expect(receipt).toContain(`Payment for invoice INV-${code}-000001`);
    expect(receipt).toMatch(/Amount paid \$100\.00/);
  });

  it('links open for the parties and support only: 404 for anyone else, signed out 401', async () => {
    const { c, brand, start } = await twoParties(80);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    const [invoice] = await documentsOf(bookingId, brand.token);
    const stranger = await account(app);
    for (const who of [brand, c, support]) expect((await download(invoice.url, who.token)).status).toBe(200);
    const refused = await download(invoice.url, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.type).toContain('application/json');
    expect((await download(invoice.url)).status).toBe(401);
    expect((await download('/api/v1/documents/not-an-id/pdf', brand.token)).status).toBe(404);
    expect((await app.rest('GET', `/bookings/${bookingId}/documents`, undefined, stranger.token)).status).toBe(403);
    // GraphQL lists the same documents on the booking.
    const gql = await app.gql(`query ($id: ID!) { booking(id: $id) { documents { id kind number totalCents currency url } } }`, { id: bookingId }, c.token);
    expect(gql.body.data.booking.documents.map((d: { id: string }) => d.id)).toEqual((await documentsOf(bookingId, c.token)).map((d) => d.id));
  });

  it('numbers run per issuer without gaps; issued rows cannot be changed or deleted in the database', async () => {
    const { c, brand, start } = await twoParties(90, 3);
    const first = await acceptedBooking(app, brand, c, start);
    const second = await acceptedBooking(app, brand, c, new Date(start.getTime() + HOUR));
    const other = await twoParties(90);
    const third = await acceptedBooking(app, other.brand, other.c, other.start);
    const code = c.profileId.slice(0, 8).toUpperCase();
    expect((await documentsOf(first.bookingId, brand.token))[0].number).toBe(`INV-${code}-000001`);
    expect((await documentsOf(second.bookingId, brand.token))[0].number).toBe(`INV-${code}-000002`);
    expect((await documentsOf(third.bookingId, other.brand.token))[0].number).toBe(`INV-${other.c.profileId.slice(0, 8).toUpperCase()}-000001`);
    // A capture whose transaction fails gives its number back: the next invoice takes it.
    const conn = app.orm.em.fork().getConnection();
    await expect(
      app.orm.em.fork().transactional(async (em) => {
        await em.execute(`update document_counter set last_number = last_number + 1 where issuer = ? and series = 'INV'`, [`creator:${c.profileId}`]);
        throw new Error('the provider failed');
      }),
    ).rejects.toThrow('the provider failed');
    const fourth = await acceptedBooking(app, brand, c, new Date(start.getTime() + 2 * HOUR));
    expect((await documentsOf(fourth.bookingId, brand.token))[0].number).toBe(`INV-${code}-000003`);

    await expect(conn.execute(`update document set total_cents = 1 where booking_id = ?`, [first.bookingId])).rejects.toThrow(/cannot be changed/);
    await expect(conn.execute(`delete from document where booking_id = ?`, [first.bookingId])).rejects.toThrow(/cannot be changed/);
    expect((await documentsOf(first.bookingId, brand.token))[0].total_cents).toBe(5000);
  });

  it('a late cancellation issues a credit note for the refund that references the invoice', async () => {
    const { c, brand, start } = await twoParties(5);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    const cancel = await app.rest('POST', `/bookings/${bookingId}/cancel`, { reason: 'Our launch slipped' }, brand.token);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const docs = await documentsOf(bookingId, brand.token);
    expect(docs.map((d) => [d.kind, d.total_cents])).toEqual([
      ['invoice', 5000],
      ['receipt', 5000],
      ['credit_note', 2500],
    ]);
    const code = c.profileId.slice(0, 8).toUpperCase();
    expect(docs[2].number).toBe(`CN-${code}-000001`);
    const note = await pdfOf(docs[2].url, c.token);
    expect(note).toContain(`Corrects invoice ${docs[0].number}`);
    // 50 % refunded; the fee is now charged on the $25.00 kept ($2.50), so $2.50 of the $5.00 fee is credited.
    expect(note).toMatch(/Collaboration with Nova Stream .*\$22\.50/);
    expect(note).toMatch(/platform fee .*\$2\.50/);
    expect(note).toMatch(/Total credited \(refunded to the card\) \$25\.00/);
    expect(note).toContain('Reason: Our launch slipped');
  });

  it('a payout issues the creator a payout statement (gross, fee, net, paid out) the brand cannot open; a monthly statement follows', async () => {
    const { c, brand, start } = await twoParties(1);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    app.clock.advance(2 * HOUR);
    for (const who of [brand, c]) await app.gql(`mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`, { id: bookingId }, who.token);
    await enablePayouts(app, c);
    const paid = await app.rest('POST', '/payments/payout', { booking_id: bookingId }, c.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const mine = await documentsOf(bookingId, c.token);
    const statement = mine.find((d) => d.kind === 'payout_statement')!;
    expect(statement.total_cents).toBe(4500);
    expect((await documentsOf(bookingId, brand.token)).map((d) => d.kind)).toEqual(['invoice', 'receipt']);
    expect((await download(statement.url, brand.token)).status).toBe(404);
    const text = await pdfOf(statement.url, c.token);
    expect(text).toMatch(/Gross: paid by the client \$50\.00/);
    expect(text).toMatch(/CollabHub platform fee -\$5\.00/);
    expect(text).toMatch(/Net: your earnings \$45\.00/);
    expect(text).toMatch(/Paid out in this payout \$45\.00/);

    // The month after: a statement of the money moved, once.
    const now = app.clock.now();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2));
    expect(await app.server.services.documents.issueMonthlyStatements(nextMonth)).toBeGreaterThanOrEqual(1);
    expect(await app.server.services.documents.issueMonthlyStatements(nextMonth)).toBe(0);
    const statements = await app.rest('GET', '/documents/statements', undefined, c.token);
    expect(statements.body.data).toHaveLength(1);
    expect(statements.body.data[0]).toMatchObject({ kind: 'monthly_statement', total_cents: 4500 });
    const monthly = await pdfOf(statements.body.data[0].url, c.token);
    expect(monthly).toContain('Monthly statement');
    expect(monthly).toMatch(/Paid out \$45\.00/);
    expect(monthly).toMatch(/Net earnings \$45\.00/);
    expect((await download(statements.body.data[0].url, brand.token)).status).toBe(404);
  });

  it('the brand gets a receipt e-mail when the payment is captured, with the invoice and receipt numbers', async () => {
    const { c, brand, start } = await twoParties(100, 1, 'Echo Live');
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    await app.server.services.emailDelivery.runDue(app.clock.now());
    const docs = await documentsOf(bookingId, brand.token);
    const mail = (await mailTo(app, brand.email)).find((m) => m.subject.startsWith('Receipt:'));
    expect(mail?.subject).toBe('Receipt: $50.00 paid for your booking with Echo Live');
    expect(mail!.text).toContain(docs[0].number);
    expect(mail!.text).toContain(docs[1].number);
    expect(mail!.text).toMatch(/Platform fee: \$5\.00/);
    // The creator is not sent the brand's receipt.
    expect((await mailTo(app, c.email)).some((m) => m.subject.startsWith('Receipt:'))).toBe(false);
  });
});

describe('ledger export', () => {
  it("CSV of one's own ledger lines for a date range: a brand's payments and refunds, a creator's earnings and payouts; formulas neutralised", async () => {
    const { c, brand, start } = await twoParties(3, 1, '=HYPERLINK("http://evil.example","x")');
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    await app.rest('POST', `/bookings/${bookingId}/cancel`, { reason: 'Late change' }, brand.token);
    const from = new Date(app.clock.now().getTime() - 24 * HOUR).toISOString();
    const to = new Date(app.clock.now().getTime() + 24 * HOUR).toISOString();
    const res = await fetch(`${app.url}/api/v1/ledger/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${brand.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('date,booking_id,type,counterparty,amount,currency,reference');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${bookingId},payment,`);
    expect(lines[1]).toMatch(/,50\.00,USD,/);
    expect(lines[2]).toMatch(/,refund,.*,-25\.00,USD,/);
    // The creator's display name is a formula: quoted with a leading apostrophe, never run by a spreadsheet.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);

    const theirs = await fetch(`${app.url}/api/v1/ledger/export`, { headers: { authorization: `Bearer ${c.token}` } }).then((r) => r.text());
    const creatorLines = theirs.trim().split('\r\n');
    expect(creatorLines.slice(1).map((l) => l.split(',')[2])).toEqual(['earning']);
    expect(creatorLines[1]).toMatch(/,22\.50,USD,/);

    const empty = await fetch(`${app.url}/api/v1/ledger/export?from=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${brand.token}` } }).then((r) => r.text());
    expect(empty.trim().split('\r\n')).toHaveLength(1);

    const bad = await app.rest('GET', '/ledger/export?from=yesterday', undefined, brand.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: 'from must be a date (YYYY-MM-DD or ISO 8601)' });
    const reversed = await app.rest('GET', `/ledger/export?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`, undefined, brand.token);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toBe('from must be before to');
    expect((await app.rest('GET', '/ledger/export')).status).toBe(401);
  });
});
