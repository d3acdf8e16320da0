import { z } from 'zod';
import { UUID_RE } from '../../platform/shared/pagination';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from './webhook-event-types';

export const URL_MAX = 2048;
export const MAX_OVERLAP_HOURS = 7 * 24;
export const DEFAULT_OVERLAP_HOURS = 24;

const eventTypes = z
  .array(z.string({ error: 'eventTypes must be a list of event types' }), { error: 'eventTypes must be a list of event types' })
  .min(1, 'eventTypes must name at least one event type')
  .superRefine((types, ctx) => {
    const unknown = types.find((t) => !isWebhookEventType(t));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `eventTypes: unknown event type "${unknown}" (known: ${WEBHOOK_EVENT_TYPES.join(', ')})` });
  })
  .transform((types) => [...new Set(types)].sort());

const url = z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(URL_MAX, `url must be at most ${URL_MAX} characters`);

const id = (field: string, what: string) => z.string({ error: `${field} is required` }).regex(UUID_RE, `${field} must be ${what}`);

const dateTime = (field: string) =>
  z
    .preprocess((v) => (typeof v === 'string' ? new Date(v) : v), z.date({ error: `${field} must be a date-time` }))
    .refine((d) => !Number.isNaN(d.getTime()), `${field} must be a date-time`);

export const CreateEndpointSchema = z.object({ url, eventTypes });

export const UpdateEndpointSchema = z.object({
  id: id('id', 'a webhook endpoint id'),
  url: url.optional(),
  eventTypes: eventTypes.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});

export const EndpointIdSchema = z.object({ id: id('id', 'a webhook endpoint id') });
export const DeliveryIdSchema = z.object({ id: id('id', 'a webhook delivery id') });

export const RotateSecretSchema = z.object({
  id: id('id', 'a webhook endpoint id'),
  overlapHours: z
    .number({ error: 'overlapHours must be a whole number of hours' })
    .int('overlapHours must be a whole number of hours')
    .min(0, `overlapHours must be from 0 to ${MAX_OVERLAP_HOURS}`)
    .max(MAX_OVERLAP_HOURS, `overlapHours must be from 0 to ${MAX_OVERLAP_HOURS}`)
    .default(DEFAULT_OVERLAP_HOURS),
});

export const ReplaySchema = z
  .object({ endpointId: id('endpointId', 'a webhook endpoint id'), since: dateTime('since'), until: dateTime('until').optional() })
  .refine((r) => !r.until || r.until > r.since, { message: 'until must be after since', path: ['until'] });

export interface CreateEndpointInput {
  url?: unknown;
  eventTypes?: unknown;
  /** Two-step sign-in's fresh code (checked by services.auth). */
  code?: unknown;
}
export interface UpdateEndpointInput {
  url?: unknown;
  eventTypes?: unknown;
  enabled?: unknown;
}
