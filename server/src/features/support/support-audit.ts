import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { SupportAuditEntry } from './support-audit.entity';

/** The actions support's audit log records (the `action` column). */
export const SUPPORT_ACTIONS = {
  apiKeyRevoked: 'api_key.revoked',
  webhookEndpointDisabled: 'webhook_endpoint.disabled',
  disputeResolved: 'dispute.resolved',
  userWarned: 'user.warned',
} as const;

/** One audit row to write: who did what to whom, on what, and why. */
export interface SupportAuditInput {
  actorId: string;
  /** What happened: one of SUPPORT_ACTIONS or another feature's `area.verb_past` (e.g. `account.suspended`). */
  action: string;
  targetUserId: string;
  /** The key, endpoint, booking, warning… acted on. */
  subjectId?: string | null;
  /** Why; required (1-2000 characters), shown to the affected account. */
  reason: string;
  /** What the row needs to say what was done (a key's name and prefix, an endpoint's URL, a refund…). */
  metadata?: Record<string, unknown>;
  at: Date;
}

export const MAX_REASON = 2000;

/** The reason support gives for an action that changes another user's data (GraphQL and REST alike). */
export const SupportReasonSchema = z
  .string({ error: 'reason: support must say why (it is shown to the account)' })
  .trim()
  .min(1, 'reason: support must say why (it is shown to the account)')
  .max(MAX_REASON, `reason must be at most ${MAX_REASON} characters`);

/** Checks a reason given to a support action before anything changes; `field` is the input's name for it. */
export function requireSupportReason(reason: unknown, field = 'reason'): string {
  const parsed = SupportReasonSchema.safeParse(reason ?? '');
  if (!parsed.success) throw badInput(parsed.error.issues[0].message.replace(/^reason/, field), field);
  return parsed.data;
}

/** Appends one row in the caller's transaction (the change and its record commit together, or neither). */
export async function appendAudit(em: EntityManager, entry: SupportAuditInput): Promise<string> {
  const reason = requireSupportReason(entry.reason);
  const action = parseInput(z.object({ action: z.string().regex(/^[a-z_]+\.[a-z_]+$/, 'action must look like area.verb_past') }), { action: entry.action }).action;
  const [row] = await em.execute<{ id: string }[]>(
    `insert into support_audit (actor_id, action, target_user_id, subject_id, reason, metadata, at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?) returning id`,
    [entry.actorId, action, entry.targetUserId, entry.subjectId ?? null, reason, JSON.stringify(entry.metadata ?? {}), entry.at],
  );
  return row.id;
}

/** An audit row as support's console and the affected account read it. */
export interface SupportAuditView {
  id: string;
  actorId: string;
  action: string;
  targetUserId: string;
  subjectId: string | null;
  reason: string;
  metadata: Record<string, unknown>;
  /** What was done, in words the affected account understands. */
  summary: string;
  at: Date;
  /** Support's log only: the staff member's and the account's e-mail. */
  actorEmail?: string | null;
  targetEmail?: string | null;
}

export function auditView(row: SupportAuditEntry): SupportAuditView {
  return {
    id: row.id,
    actorId: row.actorId,
    action: row.action,
    targetUserId: row.targetUserId,
    subjectId: row.subjectId ?? null,
    reason: row.reason,
    metadata: row.metadata ?? {},
    summary: summaryOf(row.action, row.metadata ?? {}),
    at: row.at,
  };
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/** The sentence an account reads about a support action; one place for the console and /settings. */
export function summaryOf(action: string, m: Record<string, unknown>): string {
  switch (action) {
    case SUPPORT_ACTIONS.apiKeyRevoked:
      return `Support revoked the API key ${str(m.name) ? `“${m.name}” ` : ''}(${str(m.prefix) ?? 'key'}…)`;
    case SUPPORT_ACTIONS.webhookEndpointDisabled:
      return `Support disabled the webhook endpoint ${str(m.url) ?? ''}`.trim();
    case SUPPORT_ACTIONS.disputeResolved: {
      const resolution = str(m.resolution);
      const what =
        resolution === 'refund_full'
          ? 'with a full refund to the brand'
          : resolution === 'refund_partial'
            ? `with a partial refund of $${(Number(m.refundCents ?? 0) / 100).toFixed(2)} to the brand`
            : resolution === 'release'
              ? 'by releasing the payment to the creator'
              : '';
      return `Support decided the dispute on a booking ${what}`.trim();
    }
    case SUPPORT_ACTIONS.userWarned:
      return 'Support issued a warning to your account';
    default:
      return `Support: ${action.replace(/[._]/g, ' ')}`;
  }
}
