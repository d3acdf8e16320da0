import { Migration } from '@mikro-orm/migrations';

/**
 * Payments: the local provider's own books (`local_*`: intents, refunds, connected accounts,
 * onboarding links, transfers, payouts, idempotency keys, platform balance), the provider call log
 * and the per-account connect-status watermark.
 */
export class Migration20261121000030_local_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "local_payment_intents" ("id" text not null, "status" text not null, "amount_cents" int not null, "currency" text not null, "client_secret" text not null, "captured_cents" int not null, "refunded_cents" int not null, "booking_id" text null, "description" text not null, "metadata" jsonb not null, "last_payment_error" text null, "card_last4" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "local_payment_intents_pkey" primary key ("id"));`);
    this.addSql(`alter table "local_payment_intents" add constraint "local_payment_intents_status_known" check ("status" in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled'));`);
    this.addSql(`alter table "local_payment_intents" add constraint "local_payment_intents_money_bounds" check ("amount_cents" > 0 and "captured_cents" between 0 and "amount_cents" and "refunded_cents" between 0 and "captured_cents");`);
    this.addSql(`create table "local_refunds" ("id" text not null, "payment_intent_id" text not null, "amount_cents" int not null, "created_at" timestamptz not null, constraint "local_refunds_pkey" primary key ("id"));`);
    this.addSql(`create index "local_refunds_payment_intent_id_index" on "local_refunds" ("payment_intent_id");`);
    this.addSql(`alter table "local_refunds" add constraint "local_refunds_amount_positive" check ("amount_cents" > 0);`);
    this.addSql(`create table "local_accounts" ("id" text not null, "user_id" text not null, "email" text not null, "kind" text not null, "onboarding_complete" boolean not null, "charges_enabled" boolean not null, "payouts_enabled" boolean not null, "balance_cents" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "local_accounts_pkey" primary key ("id"));`);
    this.addSql(`alter table "local_accounts" add constraint "local_accounts_balance_nonnegative" check ("balance_cents" >= 0);`);
    this.addSql(`create table "local_account_links" ("id" text not null, "account_id" text not null, "return_url" text not null, "refresh_url" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, constraint "local_account_links_pkey" primary key ("id"));`);
    this.addSql(`create index "local_account_links_account_id_index" on "local_account_links" ("account_id");`);
    this.addSql(`create table "local_transfers" ("id" text not null, "account_id" text not null, "amount_cents" int not null, "booking_id" text not null, "payout_id" text null, "created_at" timestamptz not null, constraint "local_transfers_pkey" primary key ("id"));`);
    this.addSql(`create index "local_transfers_account_id_payout_id_index" on "local_transfers" ("account_id", "payout_id");`);
    this.addSql(`alter table "local_transfers" add constraint "local_transfers_amount_positive" check ("amount_cents" > 0);`);
    this.addSql(`create table "local_payouts" ("id" text not null, "account_id" text not null, "amount_cents" int not null, "created_at" timestamptz not null, constraint "local_payouts_pkey" primary key ("id"));`);
    this.addSql(`create index "local_payouts_account_id_index" on "local_payouts" ("account_id");`);
    this.addSql(`create table "local_idempotency_keys" ("operation" text not null, "idempotency_key" text not null, "request_hash" text not null, "result" jsonb null, "created_at" timestamptz not null, constraint "local_idempotency_keys_pkey" primary key ("operation", "idempotency_key"));`);
    this.addSql(`create table "local_platform_balance" ("id" int not null, "available_cents" bigint not null, "updated_at" timestamptz not null, constraint "local_platform_balance_pkey" primary key ("id"));`);
    this.addSql(`alter table "local_platform_balance" add constraint "local_platform_balance_single_row" check ("id" = 1);`);
    this.addSql(`insert into "local_platform_balance" ("id", "available_cents", "updated_at") values (1, 0, now());`);
    this.addSql(`create table "payment_provider_calls" ("id" serial primary key, "provider" text not null, "operation" text not null, "booking_id" text null, "target_id" text null, "idempotency_key" text null, "amount_cents" int null, "outcome" text not null, "error" text null, "created_at" timestamptz not null);`);
    this.addSql(`create index "payment_provider_calls_booking_id_operation_index" on "payment_provider_calls" ("booking_id", "operation");`);
    this.addSql(`create index "payment_provider_calls_target_id_index" on "payment_provider_calls" ("target_id");`);
    this.addSql(`alter table "payment_provider_calls" add constraint "payment_provider_calls_outcome_known" check ("outcome" in ('ok', 'error'));`);
    this.addSql(`create table "payment_connect_syncs" ("account_id" text not null, "synced_at" timestamptz not null, constraint "payment_connect_syncs_pkey" primary key ("account_id"));`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'payment_connect_syncs', 'payment_provider_calls', 'local_platform_balance', 'local_idempotency_keys', 'local_payouts',
      'local_transfers', 'local_account_links', 'local_accounts', 'local_refunds', 'local_payment_intents',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
