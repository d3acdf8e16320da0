import { Migration } from '@mikro-orm/migrations';

/**
 * The acting party's copy of a calendar change (confirmed, moved, cancelled): a notification row
 * written already read and flagged `actor_copy`, so the e-mail planner sends them the invite like
 * anyone else while the inbox list, its counts and the live bell leave it out.
 */
export class Migration20261124120000_notification_actor_copy extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "notification" add column "actor_copy" boolean not null default false;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "notification" drop column if exists "actor_copy";');
  }
}
