import { Migration } from '@mikro-orm/migrations';

/**
 * Business documents (features/documents): invoices, receipts, credit notes, payout and monthly
 * statements, numbered per issuer and series from a counter row updated in the issuing
 * transaction (gap-free: a rolled-back issue gives its number back), immutable once issued (a
 * trigger refuses UPDATE and DELETE; a correction is a new document), and brands' billing details.
 */
export class Migration20261126140000_documents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "document_counter" (
      "issuer" text not null, "series" text not null, "last_number" int not null,
      constraint "document_counter_pkey" primary key ("issuer", "series"));`);
    this.addSql(`create table "document" (
      "id" uuid not null,
      "kind" text check ("kind" in ('invoice', 'receipt', 'credit_note', 'payout_statement', 'monthly_statement')) not null,
      "issuer" text not null, "series" text not null, "seq" int not null, "number" text not null,
      "booking_id" uuid null, "references_id" uuid null,
      "booker_user_id" uuid null, "creator_user_id" uuid null,
      "currency" text not null, "total_cents" int not null, "body" jsonb not null,
      "source_key" text not null, "issued_at" timestamptz not null,
      constraint "document_pkey" primary key ("id"),
      constraint "document_references_fkey" foreign key ("references_id") references "document" ("id"),
      constraint "document_number_unique" unique ("number"),
      constraint "document_issuer_seq_unique" unique ("issuer", "series", "seq"),
      constraint "document_source_key_unique" unique ("source_key"));`);
    this.addSql('create index "document_booking_id_index" on "document" ("booking_id");');
    this.addSql('create index "document_creator_kind_index" on "document" ("creator_user_id", "kind", "issued_at");');
    this.addSql(`create function document_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'document % is issued and cannot be changed: issue a correction (a new document) instead', old.number
          using errcode = 'P0001';
      end $$;`);
    this.addSql(`create trigger "document_immutable" before update or delete on "document"
      for each row execute function document_immutable();`);
    this.addSql(`create table "billing_details" (
      "user_id" uuid not null, "name" text not null, "address" text not null, "tax_id" text null,
      "updated_at" timestamptz not null,
      constraint "billing_details_pkey" primary key ("user_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "billing_details";');
    this.addSql('drop trigger if exists "document_immutable" on "document";');
    this.addSql('drop table if exists "document";');
    this.addSql('drop function if exists document_immutable();');
    this.addSql('drop table if exists "document_counter";');
  }
}
