import { Migration } from '@mikro-orm/migrations';

/** Hours of a weekly pattern a creator removed, so slot generation does not recreate them. */
export class Migration20261121000020_recurring_slot_skips extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "recurring_slot_skips" ("id" uuid not null, "pattern_id" uuid not null, "start_time" timestamptz not null, "created_at" timestamptz not null, constraint "recurring_slot_skips_pkey" primary key ("id"));');
    this.addSql('alter table "recurring_slot_skips" add constraint "recurring_slot_skips_pattern_id_start_time_unique" unique ("pattern_id", "start_time");');
    this.addSql('alter table "recurring_slot_skips" add constraint "recurring_slot_skips_pattern_id_foreign" foreign key ("pattern_id") references "recurring_patterns" ("id") on update cascade on delete cascade;');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "recurring_slot_skips" cascade;');
  }
}
