import type { OutboxEventInput } from '../../platform/outbox/outbox';
import type { OutboxPayload } from '../../platform/outbox/outbox.topics';
import type { Profile } from './profile.entity';

/** How a creator's bookable hours changed (creator.availability_changed). */
export type AvailabilityChange = OutboxPayload<'creator.availability_changed'>['change'];

/**
 * The public creator events of the outbox (listing data: they reach every subscribed webhook
 * endpoint, and notify nobody: no audience). Payloads carry what the public listing shows.
 */
export function creatorUpdatedEvent(profile: Profile): OutboxEventInput {
  return {
    topic: 'creator.updated',
    aggregateId: profile.id,
    actorUserId: profile.user.id,
    audienceUserIds: [],
    payload: {
      creatorId: profile.id,
      displayName: profile.displayName,
      bio: profile.bio ?? null,
      hourlyRateCents: profile.hourlyRateCents ?? null,
      minimumHours: profile.minimumHours,
      platforms: [...profile.platforms],
      timezone: profile.timezone,
      twitchUsername: profile.twitchUsername ?? null,
      youtubeHandle: profile.youtubeHandle ?? null,
      tiktokHandle: profile.tiktokHandle ?? null,
      instagramHandle: profile.instagramHandle ?? null,
    },
  };
}

export function availabilityChangedEvent(profile: Profile, change: AvailabilityChange, slots: readonly { startTime: Date; endTime: Date }[]): OutboxEventInput {
  return {
    topic: 'creator.availability_changed',
    aggregateId: profile.id,
    actorUserId: profile.user.id,
    audienceUserIds: [],
    payload: {
      creatorId: profile.id,
      creatorName: profile.displayName,
      change,
      slots: slots.map((s) => ({ startTime: s.startTime.toISOString(), endTime: s.endTime.toISOString() })),
    },
  };
}
