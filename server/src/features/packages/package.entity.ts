import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Profile } from '../profiles';

/** What a package delivers (any mix; at least one). */
export interface Deliverables {
  /** A sponsored segment in the creator's own stream, in minutes. */
  liveMinutes: number;
  /** Hours streamed together. */
  costreamHours: number;
  clips: number;
  posts: number;
  /** Days the brand's overlay is shown on stream. */
  overlayDays: number;
}

/** A creator's product: a fixed price for fixed deliverables (issue 33 item 1). */
@Entity({ tableName: 'packages' })
export class CreatorPackage {
  [OptionalProps]?: 'description' | 'isActive' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Profile, { ref: true, fieldName: 'streamer_id' })
  creator!: Ref<Profile>;

  @Property({ length: 100 })
  title!: string;

  @Property({ type: 'text' })
  description: string = '';

  @Property()
  liveMinutes!: number;

  @Property({ fieldName: 'costream_hours' })
  costreamHours!: number;

  @Property()
  clips!: number;

  @Property()
  posts!: number;

  @Property()
  overlayDays!: number;

  @Property()
  priceCents!: number;

  /** Days between the purchase and the earliest time or due date. */
  @Property()
  leadTimeDays!: number;

  @Property()
  revisionsIncluded!: number;

  @Property({ type: 'text[]' })
  platforms!: string[];

  @Property()
  isActive: boolean = true;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}

export const deliverablesOf = (p: CreatorPackage): Deliverables => ({
  liveMinutes: p.liveMinutes,
  costreamHours: p.costreamHours,
  clips: p.clips,
  posts: p.posts,
  overlayDays: p.overlayDays,
});

/**
 * The hours a package takes in the creator's calendar: a co-stream's hours, a live segment
 * rounded up to whole hours (the booking holds whole free hours, like an hourly booking); 0 for a
 * package without live parts (bought with a due date).
 */
export function scheduledHours(d: Deliverables): number {
  return Math.max(d.costreamHours, Math.ceil(d.liveMinutes / 60));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The deliverables in words: "15 min live segment, 3 clips". */
export function deliverablesText(d: Deliverables): string {
  return [
    d.liveMinutes > 0 ? `${d.liveMinutes} min live segment` : null,
    d.costreamHours > 0 ? `${d.costreamHours} h co-stream` : null,
    d.clips > 0 ? plural(d.clips, 'clip') : null,
    d.posts > 0 ? plural(d.posts, 'post') : null,
    d.overlayDays > 0 ? `overlay for ${plural(d.overlayDays, 'day')}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}
