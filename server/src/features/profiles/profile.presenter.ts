import { avatarUrlOf, avatarUrlsOf } from './photo';
import type { ProfileView } from './profile.view';

/** The REST shape of a profile (spec §3: snake_case fields, `hourly_rate` in dollars). */
export function presentProfile(p: ProfileView) {
  return {
    id: p.id,
    user_id: p.userId,
    account_type: p.accountType,
    display_name: p.displayName,
    bio: p.bio,
    profile_image_url: p.profileImageUrl,
    /** The picture to show (uploaded photo at 160 px, else profile_image_url), and each uploaded size. */
    avatar_url: avatarUrlOf(p, 160),
    avatar_urls: avatarUrlsOf(p),
    is_verified: p.isVerified,
    average_rating: p.averageRating,
    review_count: p.reviewCount,
    total_bookings: p.totalBookings,
    platforms: p.platforms,
    hourly_rate: p.hourlyRateCents === null ? null : p.hourlyRateCents / 100,
    minimum_hours: p.minimumHours,
    is_available: p.isAvailable,
    twitch_username: p.twitchUsername,
    youtube_handle: p.youtubeHandle,
    tiktok_handle: p.tiktokHandle,
    instagram_handle: p.instagramHandle,
    timezone: p.timezone,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
