import type { CreateProfileInput, Platform, ProfileForm_ProfileFragment } from '../../../gql/graphql';
import { dollarsToCents } from '../../../shared/lib/money';
import { PLATFORMS, type PlatformHandleField } from '../../../shared/lib/platforms';

/** Spec §9: default hourly rate 50, default minimum hours 1, minimum rate 1 (with cents). */
export const CREATOR_DEFAULTS = { hourlyRate: '50', minimumHours: '1' } as const;
export const MIN_HOURLY_RATE = 1;
export const MIN_MINIMUM_HOURS = 1;
/** A booking lasts at most 8 hours, so the server refuses a higher minimum. */
export const MAX_MINIMUM_HOURS = 8;
/** The server's limit ($10,000 an hour). */
export const MAX_HOURLY_RATE = 10_000;

export interface CreatorFormValues {
  displayName: string;
  bio: string;
  /** Dollars as typed, e.g. "49.99". */
  hourlyRate: string;
  minimumHours: string;
  platforms: Platform[];
  handles: Record<PlatformHandleField, string>;
  timezone: string;
}

export type CreatorFormField = Exclude<keyof CreatorFormValues, 'handles'> | PlatformHandleField;
export type CreatorFormErrors = Partial<Record<CreatorFormField, string>>;

const centsToDollarText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The form's starting values: the profile being edited, or the spec's defaults in `zone`. */
export function creatorFormValues(
  profile: ProfileForm_ProfileFragment | null | undefined,
  zone: string,
): CreatorFormValues {
  return {
    displayName: profile?.displayName ?? '',
    bio: profile?.bio ?? '',
    hourlyRate:
      profile?.hourlyRateCents != null ? centsToDollarText(profile.hourlyRateCents) : CREATOR_DEFAULTS.hourlyRate,
    minimumHours: profile ? String(profile.minimumHours) : CREATOR_DEFAULTS.minimumHours,
    platforms: profile ? [...profile.platforms] : [],
    handles: {
      twitchUsername: profile?.twitchUsername ?? '',
      youtubeHandle: profile?.youtubeHandle ?? '',
      tiktokHandle: profile?.tiktokHandle ?? '',
      instagramHandle: profile?.instagramHandle ?? '',
    },
    timezone: profile?.timezone ?? zone,
  };
}

/**
 * Spec §5 "Creator profile": display name required; hourly rate required, at least 1, in cents
 * (step 0.01); minimum hours required, at least 1 (whole hours, at most 8); at least one
 * platform, and a handle for each chosen platform.
 */
export function validateCreatorForm(values: CreatorFormValues): CreatorFormErrors {
  const errors: CreatorFormErrors = {};
  if (!values.displayName.trim()) errors.displayName = 'Display name is required';

  const rateCents = dollarsToCents(values.hourlyRate);
  if (values.hourlyRate.trim() === '') errors.hourlyRate = 'Hourly rate is required';
  else if (rateCents === null && Number(values.hourlyRate.trim()) < MIN_HOURLY_RATE)
    errors.hourlyRate = 'Hourly rate must be at least $1.00'; // "-5" or "0": the floor, not the format, is the problem
  else if (rateCents === null && Number(values.hourlyRate.trim()) > MAX_HOURLY_RATE)
    errors.hourlyRate = 'Hourly rate must be at most $10,000.00'; // "1e308": the ceiling, not the format
  else if (rateCents === null) errors.hourlyRate = 'Enter an amount in dollars with at most 2 decimals';
  else if (rateCents !== null && rateCents < MIN_HOURLY_RATE * 100) errors.hourlyRate = 'Hourly rate must be at least $1.00';
  else if (rateCents !== null && rateCents > MAX_HOURLY_RATE * 100) errors.hourlyRate = 'Hourly rate must be at most $10,000.00';

  const hours = Number(values.minimumHours);
  if (values.minimumHours.trim() === '') errors.minimumHours = 'Minimum hours is required';
  else if (!Number.isInteger(hours) || hours < MIN_MINIMUM_HOURS)
    errors.minimumHours = 'Minimum hours must be a whole number, at least 1';
  else if (hours > MAX_MINIMUM_HOURS) errors.minimumHours = 'Minimum hours must be at most 8 (the longest booking)';

  if (values.platforms.length === 0) errors.platforms = 'Choose at least one platform';
  for (const platform of PLATFORMS) {
    if (values.platforms.includes(platform.value) && !values.handles[platform.handleField].trim()) {
      errors[platform.handleField] = `${platform.handleLabel} is required when ${platform.name} is selected`;
    }
  }
  if (!values.timezone) errors.timezone = 'Choose your time zone';
  return errors;
}

export const isCreatorFormValid = (values: CreatorFormValues) => Object.keys(validateCreatorForm(values)).length === 0;

/** The create/update payload of a valid form (handles of unchosen platforms are cleared). */
export function toCreatorProfileInput(values: CreatorFormValues): CreateProfileInput {
  const handle = (field: PlatformHandleField, platform: Platform) =>
    values.platforms.includes(platform) ? values.handles[field].trim() : null;
  return {
    displayName: values.displayName.trim(),
    bio: values.bio.trim() || null,
    hourlyRateCents: dollarsToCents(values.hourlyRate) ?? undefined,
    minimumHours: Number(values.minimumHours),
    platforms: PLATFORMS.map((p) => p.value).filter((value) => values.platforms.includes(value)),
    twitchUsername: handle('twitchUsername', 'TWITCH'),
    youtubeHandle: handle('youtubeHandle', 'YOUTUBE'),
    tiktokHandle: handle('tiktokHandle', 'TIKTOK'),
    instagramHandle: handle('instagramHandle', 'INSTAGRAM'),
    timezone: values.timezone,
  };
}
