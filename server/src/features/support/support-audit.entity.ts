import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One support action that changed another user's data: who (actor), what (action), whom (target
 * user), on what (subject id: the key, endpoint, booking, warning), why (reason), and when. The table
 * is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); rows are written with
 * `SupportService.audit` in the transaction of the change they record.
 */
@Entity({ tableName: 'support_audit' })
export class SupportAuditEntry {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  actorId!: string;

  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'uuid' })
  targetUserId!: string;

  @Property({ type: 'uuid', nullable: true })
  subjectId?: string | null;

  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'json' })
  metadata: Record<string, unknown> = {};

  @Property({ type: 'datetime' })
  at: Date = new Date();
}
