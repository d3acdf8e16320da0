import { randomUUID } from 'node:crypto';
import { ArrayType, Entity, Enum, OneToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { AccountType, User } from '../users';

export const PLATFORMS = ['twitch', 'youtube', 'tiktok', 'instagram'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * A creator (streamer) or brand profile, one per user (spec §3). Money is integer cents.
 * average_rating, review_count and total_bookings are maintained by the server only.
 */
@Entity({ tableName: 'profiles' })
export class Profile {
  [OptionalProps]?:
    | 'bio' | 'profileImageUrl' | 'isVerified' | 'averageRating' | 'reviewCount' | 'totalBookings' | 'platforms'
    | 'hourlyRateCents' | 'minimumHours' | 'isAvailable' | 'timezone' | 'noShowFlags' | 'createdAt' | 'updatedAt'
    | 'payoutsEnabled' | 'chargesEnabled' | 'onboardingComplete' | 'photo';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne(() => User, { ref: true, owner: true, unique: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Enum({ items: () => AccountType })
  accountType!: AccountType;

  @Property({ length: 100 })
  displayName!: string;

  @Property({ type: 'text', nullable: true })
  bio?: string | null;

  @Property({ type: 'text', nullable: true })
  profileImageUrl?: string | null;

  /** The uploaded photo (a brand: its logo), by size: `{ "64": sha256, "160": …, "400": … }` (features/files public images). */
  @Property({ type: 'json', nullable: true })
  photo?: Record<string, string> | null;

  @Property()
  isVerified: boolean = false;

  /** 0 when there are no reviews yet. */
  @Property({ type: 'double' })
  averageRating: number = 0;

  @Property()
  reviewCount: number = 0;

  @Property()
  totalBookings: number = 0;

  @Property({ type: ArrayType })
  platforms: string[] = [];

  /** Creators only (brands have none). */
  @Property({ type: 'integer', nullable: true })
  hourlyRateCents?: number | null;

  @Property()
  minimumHours: number = 1;

  @Property()
  isAvailable: boolean = true;

  @Property({ type: 'text', nullable: true })
  twitchUsername?: string | null;

  @Property({ type: 'text', nullable: true })
  youtubeHandle?: string | null;

  @Property({ type: 'text', nullable: true })
  tiktokHandle?: string | null;

  @Property({ type: 'text', nullable: true })
  instagramHandle?: string | null;

  /** IANA zone; weekly patterns and "local hour" alignment use it. */
  @Property({ type: 'text' })
  timezone: string = 'UTC';

  /** Payment provider's connected account (creators get paid; brands get verified). */
  @Property({ type: 'text', nullable: true })
  connectAccountId?: string | null;

  @Property()
  onboardingComplete: boolean = false;

  @Property()
  chargesEnabled: boolean = false;

  @Property()
  payoutsEnabled: boolean = false;

  /** Creator no-shows confirmed against this profile; the third suspends it. */
  @Property()
  noShowFlags: number = 0;

  @Property({ type: 'datetime', nullable: true })
  suspendedAt?: Date | null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
