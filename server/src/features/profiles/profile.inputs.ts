import { IANAZone } from 'luxon';
import { z } from 'zod';
import { AccountType } from '../users';
import { PLATFORMS, type Platform } from './profile.entity';

/** Platforms as an enum for GraphQL (values are the stored lower-case names). */
export enum SocialPlatform {
  TWITCH = 'twitch',
  YOUTUBE = 'youtube',
  TIKTOK = 'tiktok',
  INSTAGRAM = 'instagram',
}

export const PROFILE_LIMITS = {
  displayName: 100,
  bio: 2000,
  handle: 100,
  url: 2048,
  minRateCents: 100,
  maxRateCents: 1_000_000,
  /** A booking is at most 8 hours, so a higher minimum could never be booked. */
  maxMinimumHours: 8,
  defaultRateCents: 5000,
} as const;

export const HANDLE_FIELDS = {
  twitch: 'twitchUsername',
  youtube: 'youtubeHandle',
  tiktok: 'tiktokHandle',
  instagram: 'instagramHandle',
} as const satisfies Record<Platform, string>;

const HANDLE_LABELS: Record<Platform, string> = {
  twitch: 'Twitch username',
  youtube: 'YouTube handle',
  tiktok: 'TikTok handle',
  instagram: 'Instagram handle',
};

/** Spec §3 spellings: creators send camelCase, the brand form sends snake_case. */
const ALIASES: Record<string, string> = {
  display_name: 'displayName',
  profile_image_url: 'profileImageUrl',
  hourly_rate: 'hourlyRate',
  hourly_rate_cents: 'hourlyRateCents',
  minimum_hours: 'minimumHours',
  twitch_username: 'twitchUsername',
  youtube_handle: 'youtubeHandle',
  tiktok_handle: 'tiktokHandle',
  instagram_handle: 'instagramHandle',
};

const FIELDS = [
  'displayName', 'bio', 'profileImageUrl', 'hourlyRate', 'hourlyRateCents', 'minimumHours', 'platforms',
  'twitchUsername', 'youtubeHandle', 'tiktokHandle', 'instagramHandle', 'timezone',
] as const;

export type ProfileFields = Partial<Record<(typeof FIELDS)[number], unknown>>;

/**
 * Keeps only the fields a client may set, under their camelCase names (the camelCase spelling
 * wins when both are sent). Server-maintained fields (rating, counts, verification) and
 * account_type never pass: the profile's account type is always the user's.
 */
export function normalizeProfileFields(raw: unknown): ProfileFields {
  const out: Record<string, unknown> = {};
  if (!raw || typeof raw !== 'object') return out;
  const source = raw as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const name = ALIASES[key] ?? key;
    if (!(FIELDS as readonly string[]).includes(name) || value === undefined) continue;
    if (name !== key && source[name] !== undefined) continue;
    out[name] = value;
  }
  return out;
}

const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).nullish(),
  ).transform((v) => v ?? null);

const displayName = (label: string) =>
  z.preprocess((v) => v ?? '', z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(PROFILE_LIMITS.displayName, `${label} must be at most ${PROFILE_LIMITS.displayName} characters`));

const timezone = z
  .preprocess((v) => (v === null || v === '' ? undefined : v), z.string({ error: 'timezone must be text' }).trim().optional())
  .transform((v) => v ?? 'UTC')
  .refine((v) => IANAZone.isValidZone(v), 'timezone must be a valid IANA time zone such as Europe/Berlin');

const profileImageUrl = z.preprocess(
  blankToNull,
  z
    .string({ error: 'profileImageUrl must be text' })
    .trim()
    .max(PROFILE_LIMITS.url, 'profileImageUrl is too long')
    .regex(/^https?:\/\/\S+$/i, 'profileImageUrl must be an http(s) URL')
    .nullish(),
).transform((v) => v ?? null);

const rateMessage = `Hourly rate must be at least $${(PROFILE_LIMITS.minRateCents / 100).toFixed(2)}`;
const dollars = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rateMaxMessage = `Hourly rate must be at most $${dollars(PROFILE_LIMITS.maxRateCents)}`;

/** Dollars with at most two decimals (spec: minimum 1, step 0.01). */
const hourlyRate = z.preprocess(
  numeric,
  z
    .number({ error: 'Hourly rate must be a number' })
    .refine((v) => Number.isFinite(v), 'Hourly rate must be a number')
    // Before the decimals rule: 1e308 is too much, whatever its decimals (×100 it is Infinity).
    .max(PROFILE_LIMITS.maxRateCents / 100, rateMaxMessage)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Hourly rate can have at most 2 decimal places')
    .transform((v) => Math.round(v * 100)),
);

const hourlyRateCents = z.preprocess(
  numeric,
  z.number({ error: 'hourlyRateCents must be a whole number of cents' }).refine(Number.isInteger, 'hourlyRateCents must be a whole number of cents'),
);

const minimumHours = z.preprocess(
  (v) => (v === null ? undefined : numeric(v)),
  z
    .number({ error: 'Minimum hours must be a whole number' })
    .min(1, 'Minimum hours must be at least 1')
    .max(PROFILE_LIMITS.maxMinimumHours, `Minimum hours must be at most ${PROFILE_LIMITS.maxMinimumHours} (the longest booking)`)
    .refine(Number.isInteger, 'Minimum hours must be a whole number')
    .default(1),
);

const platformList = z.preprocess(
  (v) => (v === null || v === undefined ? [] : v),
  z
    .array(z.string({ error: 'platforms must be a list of platform names' }), { error: 'platforms must be a list of platform names' })
    .transform((list) => [...new Set(list.map((p) => p.trim().toLowerCase()))])
    .superRefine((list, ctx) => {
      const unknown = list.find((p) => !(PLATFORMS as readonly string[]).includes(p));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Unknown platform "${unknown}": choose from ${PLATFORMS.join(', ')}` });
      } else if (list.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'Select at least one platform' });
      }
    })
    .transform((list) => list as Platform[]),
);

const handle = (p: Platform) => optionalText(HANDLE_LABELS[p], PROFILE_LIMITS.handle);

const CreatorProfileSchema = z
  .object({
    displayName: displayName('Display name'),
    bio: optionalText('Bio', PROFILE_LIMITS.bio),
    profileImageUrl,
    hourlyRate: hourlyRate.optional(),
    hourlyRateCents: hourlyRateCents.optional(),
    minimumHours,
    platforms: platformList,
    twitchUsername: handle('twitch'),
    youtubeHandle: handle('youtube'),
    tiktokHandle: handle('tiktok'),
    instagramHandle: handle('instagram'),
    timezone,
  })
  .transform(({ hourlyRate: dollars, hourlyRateCents: cents, ...rest }, ctx) => {
    const rate = cents ?? dollars ?? PROFILE_LIMITS.defaultRateCents;
    const ratePath = [cents !== undefined ? 'hourlyRateCents' : 'hourlyRate'];
    if (rate < PROFILE_LIMITS.minRateCents) ctx.addIssue({ code: 'custom', message: rateMessage, path: ratePath });
    if (rate > PROFILE_LIMITS.maxRateCents) ctx.addIssue({ code: 'custom', message: rateMaxMessage, path: ratePath });
    for (const p of rest.platforms) {
      if (!rest[HANDLE_FIELDS[p]]) {
        ctx.addIssue({ code: 'custom', message: `${HANDLE_LABELS[p]} is required when ${p} is selected`, path: [HANDLE_FIELDS[p]] });
      }
    }
    // Handles of platforms no longer chosen are dropped so search never matches them.
    for (const p of PLATFORMS) if (!rest.platforms.includes(p)) rest[HANDLE_FIELDS[p]] = null;
    return { ...rest, hourlyRateCents: rate };
  });

/** Brand form: brand name (display_name) and an "about" text (bio). No rate, platforms or handles. */
const BrandProfileSchema = z
  .object({
    displayName: displayName('Brand name'),
    bio: optionalText('About', PROFILE_LIMITS.bio),
    profileImageUrl,
    timezone,
  })
  .transform((brand) => ({
    ...brand,
    hourlyRateCents: null,
    minimumHours: 1,
    platforms: [] as Platform[],
    twitchUsername: null,
    youtubeHandle: null,
    tiktokHandle: null,
    instagramHandle: null,
  }));

export const profileSchemaFor = (accountType: AccountType) =>
  accountType === AccountType.CREATOR ? CreatorProfileSchema : BrandProfileSchema;

export type ProfileData = z.output<typeof CreatorProfileSchema> | z.output<typeof BrandProfileSchema>;

/** The GraphQL/REST payload as the service receives it (either spelling). */
export type ProfileInput = Record<string, unknown>;
