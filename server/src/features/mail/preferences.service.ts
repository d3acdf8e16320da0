import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { EMAIL_KINDS, emailKindByKey, emailKindOf, type EmailKind } from './notification-kinds';

/** One e-mail switch as its owner sees it. */
export interface EmailPreferenceView {
  key: EmailKind;
  label: string;
  description: string;
  emailEnabled: boolean;
  /** Payment and dispute e-mails: always sent, the switch cannot be turned off. */
  required: boolean;
}

export interface NotificationPreferencesView {
  kinds: EmailPreferenceView[];
  /** The zone e-mails show times in (chosen, else the creator profile's, else UTC). */
  timeZone: string;
  /** false: not chosen yet (the settings page offers the browser's zone). */
  timeZoneChosen: boolean;
}

const kindKeys = EMAIL_KINDS.map((k) => k.key) as [EmailKind, ...EmailKind[]];

const UpdateSchema = z.object({
  kinds: z
    .array(
      z.object({
        kind: z.enum(kindKeys, { error: `kind must be one of ${kindKeys.join(', ')}` }),
        emailEnabled: z.boolean({ error: 'emailEnabled must be true or false' }),
      }),
      { error: 'kinds must be a list of { kind, emailEnabled }' },
    )
    .max(EMAIL_KINDS.length * 2)
    .optional(),
  timeZone: z
    .string({ error: 'timeZone must be an IANA time zone name, e.g. Europe/Berlin' })
    .refine((z) => IANAZone.isValidZone(z), { message: 'timeZone must be an IANA time zone name, e.g. Europe/Berlin' })
    .optional(),
});
export type UpdatePreferencesInput = z.input<typeof UpdateSchema>;

export const PREFERENCE_MESSAGES = {
  required: (label: string) => `${label} e-mails are about money or a dispute and cannot be turned off`,
  badLink: 'This unsubscribe link is not valid',
};

/**
 * Notification preferences: per kind of notification, e-mail on or off (payments and disputes
 * always on), and the zone e-mails show times in. Also answers the unsubscribe links of e-mails
 * (signed per user and kind, so they work without signing in).
 */
export class PreferencesService {
  constructor(private readonly deps: { secret: string }) {}

  async get(ctx: ServiceContext): Promise<NotificationPreferencesView> {
    const viewer = requireViewer(ctx);
    return this.read(ctx.em, viewer.id);
  }

  async update(ctx: ServiceContext, input: UpdatePreferencesInput | Record<string, unknown>): Promise<NotificationPreferencesView> {
    const viewer = requireViewer(ctx);
    const parsed = parseInput(UpdateSchema, input);
    for (const k of parsed.kinds ?? []) {
      const info = emailKindByKey(k.kind)!;
      if (info.required && !k.emailEnabled) throw badInput(PREFERENCE_MESSAGES.required(info.label), 'kinds.emailEnabled');
    }
    await ctx.em.transactional(async (em) => {
      for (const k of parsed.kinds ?? []) await setKind(em, viewer.id, k.kind, k.emailEnabled);
      if (parsed.timeZone) {
        await em.execute(
          `insert into mail_settings (user_id, time_zone) values (?, ?)
           on conflict (user_id) do update set time_zone = excluded.time_zone, updated_at = now()`,
          [viewer.id, parsed.timeZone],
        );
      }
    });
    return this.read(ctx.em, viewer.id);
  }

  /** Whether `userId` gets e-mail for notifications of `topic` (false when no e-mail exists for it). */
  async emailEnabled(em: EntityManager, userId: string, topic: string): Promise<boolean> {
    const kind = emailKindOf(topic);
    if (!kind) return false;
    if (kind.required) return true;
    const [row] = await em.execute<{ email_enabled: boolean }[]>('select email_enabled from notification_preference where user_id = ? and kind = ?', [userId, kind.key]);
    return row?.email_enabled ?? true;
  }

  /** The zone a user's e-mails show times in. */
  async timeZoneOf(em: EntityManager, userId: string): Promise<string> {
    const [row] = await em.execute<{ zone: string | null }[]>(
      `select coalesce(s.time_zone, p.timezone) as zone from users u
        left join mail_settings s on s.user_id = u.id left join profiles p on p.user_id = u.id where u.id = ?`,
      [userId],
    );
    return row?.zone && IANAZone.isValidZone(row.zone) ? row.zone : 'UTC';
  }

  /** The signature of an unsubscribe link for (user, kind). */
  unsubscribeToken(userId: string, kind: EmailKind): string {
    return createHmac('sha256', this.deps.secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
  }

  /** Checks an unsubscribe link; returns its kind, or throws BAD_USER_INPUT. */
  verifyUnsubscribe(userId: unknown, kind: unknown, token: unknown): { userId: string; kind: (typeof EMAIL_KINDS)[number] } {
    const info = typeof kind === 'string' ? emailKindByKey(kind) : null;
    if (typeof userId !== 'string' || !info || typeof token !== 'string') throw badInput(PREFERENCE_MESSAGES.badLink, 'token');
    const expected = Buffer.from(this.unsubscribeToken(userId, info.key));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badInput(PREFERENCE_MESSAGES.badLink, 'token');
    return { userId, kind: info };
  }

  /** Turns one kind off from a signed link (one-click, RFC 8058). Required kinds stay on: returns false. */
  async unsubscribe(em: EntityManager, userId: unknown, kind: unknown, token: unknown): Promise<{ label: string; turnedOff: boolean }> {
    const link = this.verifyUnsubscribe(userId, kind, token);
    if (link.kind.required) return { label: link.kind.label, turnedOff: false };
    await setKind(em, link.userId, link.kind.key, false);
    return { label: link.kind.label, turnedOff: true };
  }

  private async read(em: EntityManager, userId: string): Promise<NotificationPreferencesView> {
    const rows = await em.execute<{ kind: string; email_enabled: boolean }[]>('select kind, email_enabled from notification_preference where user_id = ?', [userId]);
    const [settings] = await em.execute<{ time_zone: string | null }[]>('select time_zone from mail_settings where user_id = ?', [userId]);
    const stored = new Map(rows.map((r) => [r.kind, r.email_enabled]));
    return {
      kinds: EMAIL_KINDS.map((k) => ({
        key: k.key,
        label: k.label,
        description: k.description,
        emailEnabled: k.required ? true : (stored.get(k.key) ?? true),
        required: k.required,
      })),
      timeZone: await this.timeZoneOf(em, userId),
      timeZoneChosen: Boolean(settings?.time_zone),
    };
  }
}

async function setKind(em: EntityManager, userId: string, kind: EmailKind, enabled: boolean): Promise<void> {
  await em.execute(
    `insert into notification_preference (user_id, kind, email_enabled) values (?, ?, ?)
     on conflict (user_id, kind) do update set email_enabled = excluded.email_enabled, updated_at = now()`,
    [userId, kind, enabled],
  );
}
