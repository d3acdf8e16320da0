import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import type { Orm } from '../../platform/db/orm';
import type { Clock } from '../../platform/shared/clock';
import { requirePerson, requireViewer, type ServiceContext } from '../../platform/shared/context';
import { notFound } from '../../platform/shared/errors';
import type { LoaderContext } from '../bookings';
import { parseInput } from '../../platform/shared/validation';
import { perRequestLoader } from '../../platform/shared/loaders';
import type { Outbox } from '../../platform/outbox/outbox';
import type { AppliedMove, BookingMoveHandler, BookingsService, LedgerLine } from '../bookings';
import { lineAmount, moneyFigures, readLineItems, splitRetained, type LineItem } from '../bookings';
import { User } from '../users';
import { BillingDetails, DocumentKind, IssuedDocument, type DocumentBody, type DocumentLine, type DocumentParty } from './document.entity';
import { renderDocumentPdf } from './document-pdf';
import { formatMoney as formatAmount } from '../../platform/shared/money';

/** The marketplace's currency (every price and ledger entry is in it). */
export const CURRENCY = 'USD';
const PLATFORM = 'CollabHub';
const PLATFORM_LINES = ['Marketplace operator', 'Collects payment on behalf of the creator'];

/** A document as lists show it (REST renames to snake_case). */
export interface DocumentSummary {
  id: string;
  kind: DocumentKind;
  number: string;
  totalCents: number;
  currency: string;
  issuedAt: Date;
  /** Where its PDF downloads (for the parties and support only). */
  url: string;
  bookingId: string | null;
}

export const documentUrl = (id: string) => `/api/v1/documents/${id}/pdf`;

const summary = (d: IssuedDocument): DocumentSummary => ({
  id: d.id,
  kind: d.kind,
  number: d.number,
  totalCents: d.totalCents,
  currency: d.currency,
  issuedAt: d.issuedAt,
  url: documentUrl(d.id),
  bookingId: d.bookingId,
});

const BillingSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(200, 'name is at most 200 characters'),
  address: z.string({ error: 'address is required' }).trim().min(1, 'address is required').max(1000, 'address is at most 1000 characters'),
  taxId: z
    .string({ error: 'tax_id must be text' })
    .trim()
    .max(50, 'tax_id is at most 50 characters')
    .regex(/^[A-Za-z0-9 .\-/]*$/, 'tax_id may hold letters, digits, spaces, dots, dashes and slashes')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type BillingInput = z.input<typeof BillingSchema>;

const dateParam = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD or ISO 8601)` })
    .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), `${field} must be a date (YYYY-MM-DD or ISO 8601)`)
    .transform((v) => new Date(v))
    .optional();
const ExportSchema = z
  .object({ from: dateParam('from'), to: dateParam('to') })
  .refine((r) => !r.from || !r.to || r.from < r.to, { message: 'from must be before to', path: ['from'] });

/**
 * A text cell a spreadsheet shows as text, never runs (OWASP "CSV injection"): a leading =, +, -, @,
 * tab or carriage return gets an apostrophe. Only names and references (amounts are numbers we write).
 */
const inertText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** What a ledger line is called in a person's export. */
const LINE_TYPES: Record<string, string> = {
  capture: 'payment',
  refund: 'refund',
  allocation: 'earning',
  allocation_reversal: 'earning reversed',
  transfer: 'payout',
};

/** An item sold on an invoice, at its price before the platform fee (a booking's hours; later its line items and packages). */
export interface InvoiceItem {
  description: string;
  detail: string | null;
  amountCents: number;
}

/**
 * The lines of an invoice from the items sold: each item less its share of the platform fee (the
 * creator's), then the fee as its own line. The one place invoice lines are made: a booking with
 * line items or a package passes them as items. The fee is split over the items in proportion
 * (the last item takes the rounding), so the lines always add up to what was paid.
 */
export function invoiceLines(items: readonly InvoiceItem[], fee: { feeCents: number; feePercent: number }): DocumentLine[] {
  const gross = items.reduce((s, i) => s + i.amountCents, 0);
  let feeLeft = fee.feeCents;
  const lines = items.map((item, n) => {
    const share = n === items.length - 1 ? feeLeft : gross > 0 ? Math.round((fee.feeCents * item.amountCents) / gross) : 0;
    feeLeft -= share;
    return { description: item.description, detail: [item.detail, 'less the platform fee'].filter(Boolean).join(', '), amountCents: item.amountCents - share };
  });
  return [...lines, { description: `${PLATFORM} platform fee (${fee.feePercent} %)`, detail: `Charged by ${PLATFORM}`, amountCents: fee.feeCents }];
}

/**
 * Documents (invoices, receipts, credit notes, payout and monthly statements): issued in the
 * transaction of the booking move that moved the money (a `bookingMoveHandlers` contribution),
 * with figures read from the ledger after the move; numbered per issuer without gaps; immutable.
 */
export class DocumentsService {
  constructor(private readonly deps: { clock: Clock; orm: Orm; outbox: Outbox; bookings: BookingsService }) {}

  /** The booking moves that issue documents: capture (invoice + receipt), a refund (credit note), a transfer (payout statement). */
  moveHandler(): BookingMoveHandler {
    return async (t) => {
      if (t.moneyStep === 'capture') await this.issueInvoice(t);
      else if (t.moneyStep === 'settle' && t.recorded.some((e) => e.kind === 'refund')) await this.issueCreditNote(t);
      else if (t.moneyStep === 'transfer') await this.issuePayoutStatement(t);
    };
  }

  // ---- issuing ----

  /** The next number of an issuer's series, from its counter row (locked until the transaction ends: no gaps, no duplicates). */
  private async nextNumber(em: EntityManager, issuer: string, series: string): Promise<number> {
    const [row] = await em.execute<{ last_number: number }[]>(
      `insert into document_counter (issuer, series, last_number) values (?, ?, 1)
       on conflict (issuer, series) do update set last_number = document_counter.last_number + 1
       returning last_number`,
      [issuer, series],
    );
    return row.last_number;
  }

  private async issue(
    em: EntityManager,
    d: { kind: DocumentKind; issuer: string; issuerCode: string; series: string; bookingId: string | null; referencesId?: string | null; bookerUserId: string | null; creatorUserId: string | null; totalCents: number; body: DocumentBody; sourceKey: string; issuedAt: Date },
  ): Promise<IssuedDocument> {
    const existing = await em.findOne(IssuedDocument, { sourceKey: d.sourceKey });
    if (existing) return existing;
    const seq = await this.nextNumber(em, d.issuer, d.series);
    const number = `${d.series}-${d.issuerCode}-${String(seq).padStart(6, '0')}`;
    const doc = em.create(IssuedDocument, {
      id: randomUUID(),
      kind: d.kind,
      issuer: d.issuer,
      series: d.series,
      seq,
      number,
      bookingId: d.bookingId,
      referencesId: d.referencesId ?? null,
      bookerUserId: d.bookerUserId,
      creatorUserId: d.creatorUserId,
      currency: CURRENCY,
      totalCents: d.totalCents,
      body: d.body,
      sourceKey: d.sourceKey,
      issuedAt: d.issuedAt,
    });
    em.persist(doc);
    return doc;
  }

  /** The brand as an invoice names them: their billing details when given, else their name and e-mail. */
  private async buyerOf(em: EntityManager, userId: string, fallbackName: string | null): Promise<DocumentParty> {
    const billing = await em.findOne(BillingDetails, { userId });
    if (billing) {
      return { name: billing.name, lines: [...billing.address.split(/\r?\n/).map((l) => l.trim()).filter(Boolean), ...(billing.taxId ? [`VAT / Tax ID: ${billing.taxId}`] : [])] };
    }
    const user = await em.findOne(User, { id: userId }, { fields: ['email'] });
    return { name: fallbackName ?? user?.email ?? 'Client', lines: user ? [user.email] : [] };
  }

  private subjectOf(t: AppliedMove): string {
    const b = t.booking;
    const day = b.startTime.toISOString().slice(0, 16).replace('T', ' ');
    const what = b.totalHours > 0 ? `${b.totalHours} h from ${day} UTC` : `due ${day} UTC`;
    return `Collaboration with ${t.creator.displayName}: ${what} (booking ${b.id})`;
  }

  private static creatorIssuer(t: { creator: { id: string } }) {
    return { issuer: `creator:${t.creator.id}`, issuerCode: t.creator.id.slice(0, 8).toUpperCase() };
  }

  /** Capture: the invoice (the creator sells via the platform, the fee its own line) and the receipt, and the brand's receipt e-mail. */
  private async issueInvoice(t: AppliedMove): Promise<void> {
    const { em, booking, creator } = t;
    const money = moneyFigures(t.ledger, booking);
    const { feeCents } = splitRetained(money.chargedCents, booking.policy);
    const buyer = await this.buyerOf(em, booking.booker.id, t.bookerName ?? null);
    const seller: DocumentParty = { name: creator.displayName, lines: [`Creator on ${PLATFORM}`, `Sold via ${PLATFORM} (${PLATFORM_LINES[1].toLowerCase()})`] };
    const items = (await readLineItems(em, [booking.id])).get(booking.id) ?? [];
    const captureRef = t.recorded.find((e) => e.kind === 'capture')?.providerRef ?? null;
    const invoice = await this.issue(em, {
      kind: DocumentKind.INVOICE,
      ...DocumentsService.creatorIssuer(t),
      series: 'INV',
      bookingId: booking.id,
      bookerUserId: booking.booker.id,
      creatorUserId: creator.user.id,
      totalCents: money.chargedCents,
      sourceKey: `invoice:${booking.id}`,
      issuedAt: t.now,
      body: {
        title: 'Invoice',
        seller,
        buyer,
        subject: this.subjectOf(t),
        lines: invoiceLines(
          [{ description: `Collaboration with ${creator.displayName}`, detail: itemsDetail(items), amountCents: money.chargedCents }],
          { feeCents, feePercent: booking.policy.feePercent },
        ),
        totals: [{ description: 'Total paid', amountCents: money.chargedCents }],
        references: null,
        notes: [`Paid by card on ${t.now.toISOString().slice(0, 10)}${captureRef ? ` (payment ${captureRef})` : ''}. Nothing is due.`],
        period: null,
      },
    });
    const receipt = await this.issue(em, {
      kind: DocumentKind.RECEIPT,
      issuer: 'platform',
      issuerCode: 'CH',
      series: 'RCT',
      bookingId: booking.id,
      bookerUserId: booking.booker.id,
      creatorUserId: creator.user.id,
      totalCents: money.chargedCents,
      sourceKey: `receipt:${booking.id}`,
      issuedAt: t.now,
      body: {
        title: 'Receipt',
        seller: { name: PLATFORM, lines: PLATFORM_LINES },
        buyer,
        subject: this.subjectOf(t),
        lines: [{ description: `Payment for invoice ${invoice.number}`, detail: captureRef ? `Card payment ${captureRef}` : 'Card payment', amountCents: money.chargedCents }],
        totals: [{ description: 'Amount paid', amountCents: money.chargedCents }],
        references: null,
        notes: [`Received on ${t.now.toISOString().slice(0, 10)}.`],
        period: null,
      },
    });
    await this.deps.outbox.publish(em, {
      topic: 'payment.captured',
      aggregateId: booking.id,
      bookingId: booking.id,
      actorUserId: t.actingUserId,
      audienceUserIds: [booking.booker.id],
      payload: {
        bookingId: booking.id,
        creatorName: creator.displayName,
        creatorUserId: creator.user.id,
        bookerUserId: booking.booker.id,
        bookerName: t.bookerName ?? null,
        startTime: booking.startTime.toISOString(),
        endTime: booking.endTime.toISOString(),
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        invoiceUrl: documentUrl(invoice.id),
        receiptNumber: receipt.number,
        receiptUrl: documentUrl(receipt.id),
      },
    });
  }

  /** A refund: a credit note referencing the invoice, for the cents this move refunded (the ledger's refund entry). */
  private async issueCreditNote(t: AppliedMove): Promise<void> {
    const { em, booking, creator } = t;
    const invoice = await em.findOne(IssuedDocument, { bookingId: booking.id, kind: DocumentKind.INVOICE });
    if (!invoice) return; // captured before documents were issued: nothing to correct
    const refund = t.recorded.filter((e) => e.kind === 'refund').reduce((s, e) => s + e.amountCents, 0);
    const earlier = await em.find(IssuedDocument, { referencesId: invoice.id, kind: DocumentKind.CREDIT_NOTE });
    const feeLine = (d: IssuedDocument) => d.body.lines.find((l) => l.description.startsWith(PLATFORM))?.amountCents ?? 0;
    const invoicedFee = feeLine(invoice);
    const creditedFee = earlier.reduce((s, d) => s + feeLine(d), 0);
    // The fee is charged on what the brand finally pays: what it no longer keeps is credited.
    const feeCredit = Math.min(refund, Math.max(0, invoicedFee - t.ledger.fee - creditedFee));
    const lines: DocumentLine[] = [
      { description: `Collaboration with ${creator.displayName}`, detail: `Refunded share of invoice ${invoice.number}`, amountCents: refund - feeCredit },
      ...(feeCredit > 0 ? [{ description: `${PLATFORM} platform fee (${booking.policy.feePercent} %)`, detail: 'Fee no longer charged on the refunded amount', amountCents: feeCredit }] : []),
    ];
    const reason = booking.cancellationReason ? `Reason: ${booking.cancellationReason}` : null;
    await this.issue(em, {
      kind: DocumentKind.CREDIT_NOTE,
      ...DocumentsService.creatorIssuer(t),
      series: 'CN',
      bookingId: booking.id,
      referencesId: invoice.id,
      bookerUserId: booking.booker.id,
      creatorUserId: creator.user.id,
      totalCents: refund,
      sourceKey: `credit_note:${booking.id}:${t.historyId}`,
      issuedAt: t.now,
      body: {
        title: 'Credit note',
        seller: invoice.body.seller,
        buyer: invoice.body.buyer,
        subject: this.subjectOf(t),
        lines,
        totals: [{ description: 'Total credited (refunded to the card)', amountCents: refund }],
        references: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
        notes: [`Refunded to the card used for invoice ${invoice.number} on ${t.now.toISOString().slice(0, 10)}.`, ...(reason ? [reason] : [])],
        period: null,
      },
    });
  }

  /** A payout: the creator's statement of the booking's gross, fee, net and the amount transferred. */
  private async issuePayoutStatement(t: AppliedMove): Promise<void> {
    const { em, booking, creator } = t;
    const transfer = t.recorded.find((e) => e.kind === 'transfer');
    if (!transfer) return;
    const money = moneyFigures(t.ledger, booking);
    await this.issue(em, {
      kind: DocumentKind.PAYOUT_STATEMENT,
      ...DocumentsService.creatorIssuer(t),
      series: 'PS',
      bookingId: booking.id,
      bookerUserId: booking.booker.id,
      creatorUserId: creator.user.id,
      totalCents: transfer.amountCents,
      sourceKey: `payout_statement:${booking.id}:${t.historyId}`,
      issuedAt: t.now,
      body: {
        title: 'Payout statement',
        seller: { name: PLATFORM, lines: PLATFORM_LINES },
        buyer: { name: creator.displayName, lines: ['Creator'] },
        subject: this.subjectOf(t),
        lines: [
          { description: 'Gross: paid by the client', detail: money.refundedCents ? `${formatAmount(money.chargedCents, CURRENCY)} charged, ${formatAmount(money.refundedCents, CURRENCY)} refunded` : null, amountCents: money.paidCents },
          { description: `${PLATFORM} platform fee`, amountCents: -money.feeCents },
          { description: 'Net: your earnings', amountCents: money.creatorCents },
        ],
        totals: [{ description: 'Paid out in this payout', amountCents: transfer.amountCents }],
        references: null,
        notes: [`Transferred to your payout account on ${t.now.toISOString().slice(0, 10)}${transfer.providerRef ? ` (transfer ${transfer.providerRef})` : ''}.`],
        period: null,
      },
    });
  }

  /**
   * Each creator's statement of the last calendar month (UTC) in which their money moved:
   * earnings, fees and payouts per booking. Issued once per creator and month (a daily job).
   */
  async issueMonthlyStatements(now: Date): Promise<number> {
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 1, 1));
    const month = from.toISOString().slice(0, 7);
    const em = this.deps.orm.em.fork();
    const lines = await this.deps.bookings.ledgerLines(em, { from, to });
    const byCreator = new Map<string, LedgerLine[]>();
    for (const l of lines) byCreator.set(l.creatorProfileId, [...(byCreator.get(l.creatorProfileId) ?? []), l]);
    let issued = 0;
    for (const [profileId, own] of byCreator) {
      const sourceKey = `monthly_statement:${profileId}:${month}`;
      if (await em.findOne(IssuedDocument, { sourceKey })) continue;
      const sum = (kind: string) => own.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountCents, 0);
      const earned = sum('allocation') - sum('allocation_reversal');
      const fees = own.filter((l) => l.kind === 'fee').reduce((s, l) => s + l.amountCents, 0) - sum('fee_reversal');
      const paidOut = sum('transfer');
      const first = own[0];
      await em.transactional(async (tx) => {
        await this.issue(tx, {
          kind: DocumentKind.MONTHLY_STATEMENT,
          issuer: `creator:${profileId}`,
          issuerCode: profileId.slice(0, 8).toUpperCase(),
          series: 'MS',
          bookingId: null,
          bookerUserId: null,
          creatorUserId: first.creatorUserId,
          totalCents: earned,
          sourceKey,
          issuedAt: now,
          body: {
            title: 'Monthly statement',
            seller: { name: PLATFORM, lines: PLATFORM_LINES },
            buyer: { name: first.creatorName, lines: ['Creator'] },
            subject: `Money moved in ${month} (UTC)`,
            lines: own
              .filter((l) => l.kind !== 'capture' && l.kind !== 'refund')
              .map((l) => ({
                description: `${l.createdAt.toISOString().slice(0, 10)} ${l.kind === 'fee' || l.kind === 'fee_reversal' ? 'platform fee' : (LINE_TYPES[l.kind] ?? l.kind)}`,
                detail: `Booking ${l.bookingId} with ${l.bookerName ?? 'a client'}`,
                amountCents: l.kind === 'allocation' || l.kind === 'fee_reversal' ? l.amountCents : l.kind === 'transfer' ? l.amountCents : -l.amountCents,
              })),
            totals: [
              { description: 'Platform fees', amountCents: fees },
              { description: 'Paid out', amountCents: paidOut },
              { description: 'Net earnings', amountCents: earned },
            ],
            references: null,
            notes: ['Earnings are your share of what clients paid, after the platform fee and any refund.'],
            period: { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) },
          },
        });
      });
      issued += 1;
    }
    return issued;
  }

  // ---- reading ----

  /** A booking's documents, for its parties and support (the booking's own access rule). */
  async forBooking(ctx: LoaderContext, bookingId: string): Promise<DocumentSummary[]> {
    const booking = await this.deps.bookings.get(ctx, bookingId);
    return this.listOf(ctx, booking.id);
  }

  /**
   * The documents of a booking the viewer may already see (GraphQL `Booking.documents`), batched
   * with the other bookings of the request: one statement per list, whatever its length.
   */
  async listOf(ctx: LoaderContext, bookingId: string): Promise<DocumentSummary[]> {
    const viewer = requireViewer(ctx);
    const docs = await perRequestLoader<string, IssuedDocument[]>(ctx, 'documents.ofBooking', async (bookingIds) => {
      const rows = await ctx.em.find(IssuedDocument, { bookingId: { $in: [...bookingIds] } }, { orderBy: { issuedAt: 'asc', number: 'asc' } });
      return bookingIds.map((id) => rows.filter((d) => d.bookingId === id));
    }).load(bookingId);
    return docs.filter((d) => this.mayRead(viewer, d)).map(summary);
  }

  /** The viewer's own documents that belong to no booking (monthly statements), newest first. */
  async mine(ctx: ServiceContext): Promise<DocumentSummary[]> {
    const viewer = requirePerson(ctx);
    const docs = await ctx.em.find(IssuedDocument, { creatorUserId: viewer.id, bookingId: null }, { orderBy: { issuedAt: 'desc' }, limit: 100 });
    return docs.map(summary);
  }

  private mayRead(viewer: { id: string; role: string }, d: IssuedDocument): boolean {
    if (viewer.role === 'support') return true;
    // The brand is not shown the creator's payout statements, nor the creator the brand's receipts… both are parties to the invoice and credit notes.
    if (d.kind === DocumentKind.PAYOUT_STATEMENT || d.kind === DocumentKind.MONTHLY_STATEMENT) return d.creatorUserId === viewer.id;
    return d.bookerUserId === viewer.id || d.creatorUserId === viewer.id;
  }

  /** A document's PDF for its parties and support; NOT_FOUND (404) for anyone else, as for an unknown id. */
  async pdf(ctx: ServiceContext, documentId: string): Promise<{ filename: string; bytes: Buffer }> {
    const viewer = requireViewer(ctx);
    if (!/^[0-9a-f-]{36}$/i.test(documentId)) throw notFound('Document not found');
    const doc = await ctx.em.findOne(IssuedDocument, { id: documentId });
    if (!doc || viewer.partnerKeyId || !this.mayRead(viewer, doc)) throw notFound('Document not found');
    return { filename: `${doc.number}.pdf`, bytes: await renderDocumentPdf(doc) };
  }

  /**
   * An issued document's PDF and lines by id, for the e-mail that sends it to its own recipient (the
   * receipt e-mail attaches the invoice); no viewer: the caller decides who receives it. Null: no such document.
   */
  async issuedPdf(em: EntityManager, documentId: string): Promise<{ number: string; filename: string; bytes: Buffer; body: DocumentBody; totalCents: number; currency: string; bookerUserId: string | null } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(documentId)) return null;
    const doc = await em.findOne(IssuedDocument, { id: documentId });
    if (!doc) return null;
    return { number: doc.number, filename: `${doc.number}.pdf`, bytes: await renderDocumentPdf(doc), body: doc.body, totalCents: doc.totalCents, currency: doc.currency, bookerUserId: doc.bookerUserId };
  }

  // ---- billing details ----

  async billingDetails(ctx: ServiceContext): Promise<BillingDetails | null> {
    const viewer = requirePerson(ctx);
    return ctx.em.findOne(BillingDetails, { userId: viewer.id });
  }

  /** Sets the viewer's billing details (copied onto the invoices issued to them from now on; issued ones never change). */
  async updateBillingDetails(ctx: ServiceContext, input: BillingInput): Promise<BillingDetails> {
    const viewer = requirePerson(ctx);
    const data = parseInput(BillingSchema, input);
    const now = this.deps.clock.now();
    await ctx.em.execute(
      `insert into billing_details (user_id, name, address, tax_id, updated_at) values (?, ?, ?, ?, ?)
       on conflict (user_id) do update set name = excluded.name, address = excluded.address, tax_id = excluded.tax_id, updated_at = excluded.updated_at`,
      [viewer.id, data.name, data.address, data.taxId, now],
    );
    return (await ctx.em.fork().findOne(BillingDetails, { userId: viewer.id }))!;
  }

  // ---- ledger export ----

  /**
   * The viewer's own ledger lines between `from` (inclusive) and `to` (exclusive) as CSV: a brand's
   * payments and refunds, a creator's earnings and payouts. Quoting by csv-stringify; text cells a
   * spreadsheet would run as a formula get a leading apostrophe (`inertText`).
   */
  async ledgerCsv(ctx: ServiceContext, query: { from?: unknown; to?: unknown }): Promise<string> {
    const viewer = requirePerson(ctx);
    const range = parseInput(ExportSchema, { from: query.from || undefined, to: query.to || undefined });
    const lines = await this.deps.bookings.ledgerLines(ctx.em, { from: range.from ?? null, to: range.to ?? null, userId: viewer.id });
    const rows = lines
      .map((l) => {
        const asBooker = l.bookerUserId === viewer.id && (l.kind === 'capture' || l.kind === 'refund');
        const asCreator = l.creatorUserId === viewer.id && (l.kind === 'allocation' || l.kind === 'allocation_reversal' || l.kind === 'transfer');
        if (!asBooker && !asCreator) return null;
        const negative = l.kind === 'refund' || l.kind === 'allocation_reversal';
        const cents = negative ? -l.amountCents : l.amountCents;
        return [
          l.createdAt.toISOString(),
          l.bookingId,
          LINE_TYPES[l.kind],
          inertText(asBooker ? l.creatorName : (l.bookerName ?? '')),
          (cents / 100).toFixed(2),
          CURRENCY,
          inertText(l.providerRef ?? ''),
        ];
      })
      .filter((r): r is string[] => r !== null);
    return stringify([['date', 'booking_id', 'type', 'counterparty', 'amount', 'currency', 'reference'], ...rows], { record_delimiter: 'windows' });
  }
}

/** The invoice's words for what was sold: the booking's line items (label, quantity × unit price = amount), in order. */
export function itemsDetail(items: readonly LineItem[]): string {
  return items
    .map((l) => (l.kind === 'hourly' ? `${l.label} = ${formatAmount(lineAmount(l), CURRENCY)}` : l.quantity === 1 ? `${l.label}: ${formatAmount(lineAmount(l), CURRENCY)}` : `${l.label} (${l.quantity} × ${formatAmount(l.unitPriceCents, CURRENCY)} = ${formatAmount(lineAmount(l), CURRENCY)})`))
    .join('; ');
}
