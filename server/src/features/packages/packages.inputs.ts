import { z } from 'zod';
import { MAX_BOOKING_HOURS } from '../bookings';
import { PLATFORMS } from '../profiles';

export const PACKAGE_LIMITS = {
  title: 100,
  description: 2000,
  minPriceCents: 100,
  maxPriceCents: 10_000_000,
  maxLiveMinutes: MAX_BOOKING_HOURS * 60,
  maxCostreamHours: MAX_BOOKING_HOURS,
  maxCount: 100,
  maxOverlayDays: 365,
  maxLeadTimeDays: 90,
  maxRevisions: 10,
  /** Packages per creator. */
  perCreator: 20,
} as const;

const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} cannot be negative`)
    .max(max, `${field} must be at most ${max}`);

const DeliverablesSchema = z
  .object(
    {
      liveMinutes: count('deliverables.liveMinutes', PACKAGE_LIMITS.maxLiveMinutes).default(0),
      costreamHours: count('deliverables.costreamHours', PACKAGE_LIMITS.maxCostreamHours).default(0),
      clips: count('deliverables.clips', PACKAGE_LIMITS.maxCount).default(0),
      posts: count('deliverables.posts', PACKAGE_LIMITS.maxCount).default(0),
      overlayDays: count('deliverables.overlayDays', PACKAGE_LIMITS.maxOverlayDays).default(0),
    },
    { error: 'deliverables is required' },
  )
  .refine((d) => d.liveMinutes + d.costreamHours + d.clips + d.posts + d.overlayDays > 0, {
    message: 'deliverables: include at least one deliverable (live minutes, co-stream hours, clips, posts or overlay days)',
  });

const fields = {
  title: z.string({ error: 'title is required' }).trim().min(1, 'title is required').max(PACKAGE_LIMITS.title, `title must be at most ${PACKAGE_LIMITS.title} characters`),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(PACKAGE_LIMITS.description, `description must be at most ${PACKAGE_LIMITS.description} characters`)
    .nullish()
    .transform((v) => v ?? ''),
  deliverables: DeliverablesSchema,
  priceCents: z
    .number({ error: 'priceCents is required' })
    .int('priceCents must be whole cents')
    .min(PACKAGE_LIMITS.minPriceCents, `priceCents must be at least ${PACKAGE_LIMITS.minPriceCents}`)
    .max(PACKAGE_LIMITS.maxPriceCents, `priceCents must be at most ${PACKAGE_LIMITS.maxPriceCents}`),
  leadTimeDays: count('leadTimeDays', PACKAGE_LIMITS.maxLeadTimeDays).default(0),
  revisionsIncluded: count('revisionsIncluded', PACKAGE_LIMITS.maxRevisions).default(1),
  platforms: z
    .array(z.string({ error: 'platforms must be a list of platform names' }), { error: 'platforms must be a list of platform names' })
    .transform((list) => [...new Set(list.map((p) => p.trim().toLowerCase()))])
    .refine((list) => list.every((p) => (PLATFORMS as readonly string[]).includes(p)), { message: `platforms: choose from ${PLATFORMS.join(', ')}` })
    .default([]),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
};

export const CreatePackageSchema = z.object(fields);
export type PackageData = z.output<typeof CreatePackageSchema>;

/** An update changes the fields it names. */
export const UpdatePackageSchema = z.object({
  title: fields.title.optional(),
  description: fields.description.optional(),
  deliverables: DeliverablesSchema.optional(),
  priceCents: fields.priceCents.optional(),
  leadTimeDays: count('leadTimeDays', PACKAGE_LIMITS.maxLeadTimeDays).optional(),
  revisionsIncluded: count('revisionsIncluded', PACKAGE_LIMITS.maxRevisions).optional(),
  platforms: fields.platforms.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});

const instant = (field: string) =>
  z
    .union([z.date(), z.iso.datetime({ offset: true, error: `${field} must be an ISO date-time` })])
    .transform((v) => new Date(v))
    .nullish();

export const PackageCheckoutSchema = z.object({
  packageId: z.uuid({ error: 'packageId must be a valid id' }),
  startTime: instant('startTime'),
  dueAt: instant('dueAt'),
  bookingDetails: z.string({ error: 'bookingDetails must be text' }).trim().max(2000, 'bookingDetails must be at most 2000 characters').nullish(),
  idempotencyKey: z.string().trim().min(1).max(255, 'Idempotency-Key must be at most 255 characters').nullish(),
});
