import { Migration } from '@mikro-orm/migrations';

/**
 * Support's audit log: one row per support action that changed another user's data (who, what,
 * whom, which subject, why, when). Append-only in the database itself: a trigger refuses UPDATE,
 * DELETE and TRUNCATE, whoever asks, and the rights to them are revoked from PUBLIC. No foreign keys:
 * a row outlives whatever it names.
 */
export class Migration20261126130000_support_audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "support_audit" (
      "id" uuid not null default gen_random_uuid() primary key,
      "actor_id" uuid not null,
      "action" text not null check (length("action") between 1 and 100),
      "target_user_id" uuid not null,
      "subject_id" uuid null,
      "reason" text not null check (length(btrim("reason")) between 1 and 2000),
      "metadata" jsonb not null default '{}'::jsonb,
      "at" timestamptz not null default now()
    );`);
    this.addSql('create index "support_audit_target_at" on "support_audit" ("target_user_id", "at" desc, "id" desc);');
    this.addSql('create index "support_audit_at" on "support_audit" ("at" desc, "id" desc);');
    this.addSql(`create function "support_audit_append_only"() returns trigger language plpgsql as $$
      begin
        raise exception 'support_audit is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end
    $$;`);
    this.addSql(`create trigger "support_audit_no_change" before update or delete on "support_audit"
      for each row execute function "support_audit_append_only"();`);
    this.addSql(`create trigger "support_audit_no_truncate" before truncate on "support_audit"
      for each statement execute function "support_audit_append_only"();`);
    this.addSql('revoke update, delete, truncate on "support_audit" from public;');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "support_audit";');
    this.addSql('drop function if exists "support_audit_append_only"();');
  }
}
