import type { EntityManager } from '@mikro-orm/postgresql';
import { Profile } from '../profiles';
import { AccountType } from '../users';
import type { ConnectStatus, PaymentEventOutcome } from './payment-provider';

/**
 * Copies a connected account's status onto the profile that owns it. A brand whose onboarding
 * completes becomes verified (spec: "brands can become verified through the payment provider").
 * A status older than the last one applied is stale (events can arrive out of order) and ignored.
 */
export async function applyConnectStatus(
  em: EntityManager,
  accountId: string,
  status: ConnectStatus,
  observedAt: Date,
): Promise<PaymentEventOutcome> {
  const fresh = await em.execute(
    `insert into payment_connect_syncs (account_id, synced_at) values (?, ?)
     on conflict (account_id) do update set synced_at = excluded.synced_at
     where payment_connect_syncs.synced_at <= excluded.synced_at
     returning account_id`,
    [accountId, observedAt],
  );
  if (fresh.length === 0) return 'ignored';
  const profile = await em.findOne(Profile, { connectAccountId: accountId });
  if (!profile) return 'ignored';
  profile.onboardingComplete = status.onboardingComplete;
  profile.chargesEnabled = status.chargesEnabled;
  profile.payoutsEnabled = status.payoutsEnabled;
  if (profile.accountType === AccountType.BRAND && status.onboardingComplete) profile.isVerified = true;
  await em.flush();
  return 'applied';
}
