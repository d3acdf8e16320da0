import { z } from 'zod';
import { UUID_RE } from '../../platform/shared/pagination';

export const TEXT_MAX = 4000;
export const NOTE_MAX = 2000;
export const LINKS_MAX = 20;
export const FILES_MAX = 10;

/** Undefined, null and blank text are "none"; text is trimmed. */
const optionalText = (field: string, max: number) =>
  z
    .preprocess((v) => (v === undefined || v === null ? null : v), z.string({ error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`).nullable())
    .transform((v) => (v ? v : null));

/** http(s) addresses only (a VOD, a clip, a post, a reference): anything else is refused naming the field. */
const link = z
  .string({ error: 'Each link must be a web address' })
  .trim()
  .max(2000, 'A link must be at most 2000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && Boolean(u.hostname);
    } catch {
      return false;
    }
  }, 'Each link must be a web address starting with https:// or http://');

const links = (field: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z.array(link, { error: `${field} must be a list of web addresses` }).max(LINKS_MAX, `${field} may hold at most ${LINKS_MAX} addresses`),
  ).transform((list) => [...new Set(list)]);

const fileIds = z
  .preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z.array(z.string({ error: 'Each file id must be a file id' }).regex(UUID_RE, 'Each file id must be a file id'), { error: 'fileIds must be a list of file ids' })
      .max(FILES_MAX, `At most ${FILES_MAX} files`),
  )
  .transform((list) => [...new Set(list.map((id) => id.toLowerCase()))]);

/** REST sends snake_case; GraphQL camelCase. */
const pick = (raw: unknown, ...names: string[]) => {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  for (const n of names) if (o[n] !== undefined) return o[n];
  return undefined;
};

export const BriefSchema = z.preprocess(
  (raw) => ({
    talkingPoints: pick(raw, 'talkingPoints', 'talking_points'),
    links: pick(raw, 'links'),
    dos: pick(raw, 'dos', 'do'),
    donts: pick(raw, 'donts', 'dont', "don't"),
    disclosureRequired: pick(raw, 'disclosureRequired', 'disclosure_required', 'ad_disclosure_required'),
    fileIds: pick(raw, 'fileIds', 'file_ids'),
  }),
  z.object({
    talkingPoints: z
      .string({ error: 'talkingPoints is required' })
      .trim()
      .min(1, 'talkingPoints is required: what should the creator say or show?')
      .max(TEXT_MAX, `talkingPoints must be at most ${TEXT_MAX} characters`),
    links: links('links'),
    dos: optionalText('dos', TEXT_MAX),
    donts: optionalText('donts', TEXT_MAX),
    disclosureRequired: z.boolean({ error: 'disclosureRequired must be true or false: is an ad disclosure required?' }),
    fileIds,
  }),
);
export type BriefInput = z.output<typeof BriefSchema>;

export const DeliverySchema = z
  .preprocess(
    (raw) => ({ links: pick(raw, 'links'), note: pick(raw, 'note'), fileIds: pick(raw, 'fileIds', 'file_ids') }),
    z.object({ links: links('links'), note: optionalText('note', NOTE_MAX), fileIds }),
  )
  .refine((d) => d.links.length > 0 || d.fileIds.length > 0, { message: 'links: add at least one link (a VOD, clip or post) or a file', path: ['links'] });
export type DeliveryInput = z.output<typeof DeliverySchema>;

export const ChangeRequestSchema = z.preprocess(
  (raw) => ({ note: pick(raw, 'note') }),
  z.object({
    note: z
      .string({ error: 'note is required: say what should change' })
      .trim()
      .min(1, 'note is required: say what should change')
      .max(NOTE_MAX, `note must be at most ${NOTE_MAX} characters`),
  }),
);
