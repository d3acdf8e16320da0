import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type CalendarKind = 'ics' | 'caldav';

/**
 * A calendar a creator connected: an iCalendar feed URL or a CalDAV calendar. The password is
 * stored encrypted (`secret`, secrets.ts); the sync state (ETag / Last-Modified of a feed, ctag and
 * sync-token of a CalDAV calendar) lets an unchanged calendar cost one small request. Its busy
 * times are the availability feature's blocks of source `calendar:<id>`.
 */
@Entity({ tableName: 'calendar_connections' })
export class CalendarConnection {
  [OptionalProps]?: 'username' | 'secret' | 'calendar' | 'calendarUrl' | 'writeBack' | 'etag' | 'lastModified' | 'syncToken' | 'ctag'
    | 'refreshSeconds' | 'busyCount' | 'lastSyncedAt' | 'lastAttemptAt' | 'lastError' | 'nextSyncAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid', fieldName: 'streamer_id' })
  creatorId!: string;

  @Property({ type: 'text' })
  kind!: CalendarKind;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'text', nullable: true })
  username?: string | null;

  /** The password, sealed with SECRETS_KEY (platform/security/secret-box.ts: AES-256-GCM, bound to this id). */
  @Property({ type: 'text', nullable: true, hidden: true })
  secret?: string | null;

  /** The calendar the creator named (display name or URL), if any. */
  @Property({ type: 'text', nullable: true })
  calendar?: string | null;

  /** The CalDAV calendar found by discovery. */
  @Property({ type: 'text', nullable: true })
  calendarUrl?: string | null;

  /** Confirmed bookings are written into this CalDAV calendar. */
  @Property({ type: 'boolean' })
  writeBack: boolean = false;

  @Property({ type: 'text', nullable: true })
  etag?: string | null;

  @Property({ type: 'text', nullable: true })
  lastModified?: string | null;

  @Property({ type: 'text', nullable: true })
  syncToken?: string | null;

  @Property({ type: 'text', nullable: true })
  ctag?: string | null;

  @Property({ type: 'integer', nullable: true })
  refreshSeconds?: number | null;

  @Property({ type: 'integer' })
  busyCount: number = 0;

  @Property({ type: 'datetime', nullable: true })
  lastSyncedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  lastAttemptAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'datetime' })
  nextSyncAt: Date = new Date();

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
