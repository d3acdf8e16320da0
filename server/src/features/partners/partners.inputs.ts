import { z } from 'zod';
import { UUID_RE } from '../../platform/shared/pagination';

export const API_KEY_NAME_MAX = 100;

export const CreateApiKeySchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(API_KEY_NAME_MAX, `name must be at most ${API_KEY_NAME_MAX} characters`),
  expiresAt: z
    .preprocess((v) => (v === undefined || v === null || v === '' ? null : typeof v === 'string' ? new Date(v) : v), z.date({ error: 'expiresAt must be a date-time' }).nullable())
    .refine((d) => d === null || !Number.isNaN(d.getTime()), 'expiresAt must be a date-time'),
});

export const ApiKeyIdSchema = z.object({
  id: z.string({ error: 'id is required' }).regex(UUID_RE, 'id must be an API key id'),
});

export interface CreateApiKeyInput {
  name?: unknown;
  expiresAt?: unknown;
  /** Two-step sign-in's fresh code (checked by services.auth). */
  code?: unknown;
}
