import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 item 5 (features/conversations): a message may carry files (the sender's uploads, attached to the
 * conversation's file scope so its members read them through signed links). `message.file_ids`: their ids in the
 * order sent (at most 10).
 */
export class Migration20261127090000_message_files extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "message" add column if not exists "file_ids" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "message" drop column if exists "file_ids";`);
  }
}
