import { Migration } from '@mikro-orm/migrations';

/**
 * Uploaded files (features/files): one row per upload, its bytes kept by content address in the
 * storage port (`storage_key`, a SHA-256); where each is attached (a conversation, a booking: the
 * owning feature answers who may read it); and the public images (profile photos, logos) served to
 * anyone by content address.
 */
export class Migration20261127030000_files extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "files" (
      "id" uuid not null,
      "owner_id" uuid not null,
      "name" text not null,
      "size" integer not null check ("size" > 0),
      "content_type" text not null,
      "storage_key" text not null check ("storage_key" ~ '^[0-9a-f]{64}$'),
      "created_at" timestamptz not null,
      constraint "files_pkey" primary key ("id"),
      constraint "files_owner_fkey" foreign key ("owner_id") references "users" ("id") on delete cascade);`);
    this.addSql('create index "files_owner_index" on "files" ("owner_id", "created_at");');
    this.addSql(`create table "file_attachments" (
      "file_id" uuid not null,
      "scope" text not null,
      "scope_id" uuid not null,
      "attached_at" timestamptz not null,
      constraint "file_attachments_pkey" primary key ("scope", "scope_id", "file_id"),
      constraint "file_attachments_file_fkey" foreign key ("file_id") references "files" ("id") on delete cascade);`);
    this.addSql('create index "file_attachments_file_index" on "file_attachments" ("file_id");');
    this.addSql(`create table "public_images" (
      "key" text not null check ("key" ~ '^[0-9a-f]{64}$'),
      "content_type" text not null,
      "created_at" timestamptz not null,
      constraint "public_images_pkey" primary key ("key"));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "public_images";');
    this.addSql('drop table if exists "file_attachments";');
    this.addSql('drop table if exists "files";');
  }
}
