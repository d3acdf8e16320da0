import { hasBookableSlot } from './bookable';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountType } from '../users';
import type { SocialPlatform } from './profile.inputs';
import type { PhotoKeys } from './photo';

/**
 * A profile as readers see it. `isAvailable` is the effective flag: the creator's own switch AND
 * not suspended AND at least one free slot in the future (what the creator card's
 * "View Availability" / "Unavailable" needs).
 */
export interface ProfileView {
  id: string;
  userId: string;
  accountType: AccountType;
  displayName: string;
  bio: string | null;
  profileImageUrl: string | null;
  /** The uploaded photo's sizes (photo.ts: `avatarUrlOf`), or null. */
  photo: PhotoKeys | null;
  isVerified: boolean;
  averageRating: number;
  reviewCount: number;
  totalBookings: number;
  platforms: SocialPlatform[];
  hourlyRateCents: number | null;
  minimumHours: number;
  isAvailable: boolean;
  twitchUsername: string | null;
  youtubeHandle: string | null;
  tiktokHandle: string | null;
  instagramHandle: string | null;
  timezone: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Columns of a ProfileView (`p` = profiles, `u` = users); the one `?` is "now" (a function: the scheduling defaults are read at start). */
export const profileColumns = () => `p.id, p.user_id, p.account_type, p.display_name, p.bio, p.profile_image_url, p.photo, p.is_verified,
  p.average_rating, p.review_count, p.total_bookings, p.platforms, p.hourly_rate_cents, p.minimum_hours,
  p.twitch_username, p.youtube_handle, p.tiktok_handle, p.instagram_handle, p.timezone, p.created_at, p.updated_at,
  (p.is_available and p.suspended_at is null and u.suspended_at is null and u.email_verified_at is not null and ${hasBookableSlot('p.id')}) as bookable`;

/** Creators anyone may see: creator accounts that are not suspended and whose owner verified their e-mail address. */
export const PUBLIC_CREATOR = `p.account_type = 'creator' and p.suspended_at is null and u.suspended_at is null and u.email_verified_at is not null`;

/** Brands anyone may see (their page, the brand on a creator's booking card): brand accounts that are not suspended. */
export const PUBLIC_BRAND = `p.account_type = 'brand' and p.suspended_at is null and u.suspended_at is null`;

export type ProfileRow = Record<string, any>;

export function rowToView(r: ProfileRow): ProfileView {
  return {
    id: r.id,
    userId: r.user_id,
    accountType: r.account_type,
    displayName: r.display_name,
    bio: r.bio,
    profileImageUrl: r.profile_image_url,
    photo: r.photo ?? null,
    isVerified: r.is_verified,
    averageRating: Number(r.average_rating),
    reviewCount: Number(r.review_count),
    totalBookings: Number(r.total_bookings),
    platforms: r.platforms ?? [],
    hourlyRateCents: r.hourly_rate_cents,
    minimumHours: r.minimum_hours,
    isAvailable: Boolean(r.bookable),
    twitchUsername: r.twitch_username,
    youtubeHandle: r.youtube_handle,
    tiktokHandle: r.tiktok_handle,
    instagramHandle: r.instagram_handle,
    timezone: r.timezone,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** Profiles matching a condition on `p`/`u` (one statement). */
export async function readProfiles(em: EntityManager, where: string, params: unknown[], now: Date): Promise<ProfileView[]> {
  const rows: ProfileRow[] = await em.execute(
    `select ${profileColumns()} from profiles p join users u on u.id = p.user_id where ${where}`,
    [now, ...params],
  );
  return rows.map(rowToView);
}
