import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/core';

export enum DocumentKind {
  /** Issued to the booker when their payment is captured: the creator sells, via the platform; the fee is its own line. */
  INVOICE = 'invoice',
  /** Proof of the payment taken from the booker's card, issued with the invoice. */
  RECEIPT = 'receipt',
  /** A refund: references the invoice it reduces. */
  CREDIT_NOTE = 'credit_note',
  /** To the creator, per payout: booking, gross, fee, net, paid out. */
  PAYOUT_STATEMENT = 'payout_statement',
  /** To the creator, per calendar month with money moved: earnings, fees, payouts. */
  MONTHLY_STATEMENT = 'monthly_statement',
}

/** A line of a document (negative amounts in a credit note). */
export interface DocumentLine {
  description: string;
  detail?: string | null;
  amountCents: number;
}

/** A party as printed on a document. */
export interface DocumentParty {
  name: string;
  lines: string[];
}

/** Everything a document prints, fixed when it is issued (the PDF is rendered from it). */
export interface DocumentBody {
  title: string;
  seller: DocumentParty;
  buyer: DocumentParty;
  /** The booking's collaboration (hours, with whom), when the document is about one. */
  subject: string | null;
  lines: DocumentLine[];
  /** Totals printed under the lines (label, cents); the last one is the document's total. */
  totals: DocumentLine[];
  /** The invoice a credit note corrects. */
  references: { number: string; issuedAt: string } | null;
  notes: string[];
  /** A statement's period (ISO dates, the end exclusive). */
  period: { from: string; to: string } | null;
}

/**
 * An issued document. Immutable: the database refuses UPDATE and DELETE of a row (trigger
 * `document_immutable`); a correction is a new document (a credit note references its invoice).
 * Numbered `number` from a gap-free counter per issuer and series.
 */
@Entity({ tableName: 'document' })
export class IssuedDocument {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Enum({ items: () => DocumentKind })
  kind!: DocumentKind;

  /** Who numbers it: `creator:<profile id>` (the seller's invoices, credit notes and statements) or `platform` (receipts). */
  @Property({ type: 'text' })
  issuer!: string;

  @Property({ type: 'text' })
  series!: string;

  @Property()
  seq!: number;

  @Property({ type: 'text' })
  number!: string;

  @Property({ type: 'uuid', nullable: true })
  bookingId!: string | null;

  @Property({ type: 'uuid', nullable: true })
  referencesId!: string | null;

  @Property({ type: 'uuid', nullable: true })
  bookerUserId!: string | null;

  @Property({ type: 'uuid', nullable: true })
  creatorUserId!: string | null;

  @Property({ type: 'text' })
  currency!: string;

  @Property()
  totalCents!: number;

  @Property({ type: 'json' })
  body!: DocumentBody;

  /** What issued it (`invoice:<booking>`, `credit_note:<ledger key>`…): unique, so a replayed move never issues twice. */
  @Property({ type: 'text' })
  sourceKey!: string;

  @Property({ type: 'datetime' })
  issuedAt!: Date;
}

/** A brand's billing details, printed on the invoices issued to them from then on. */
@Entity({ tableName: 'billing_details' })
export class BillingDetails {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  address!: string;

  @Property({ type: 'text', nullable: true })
  taxId!: string | null;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
