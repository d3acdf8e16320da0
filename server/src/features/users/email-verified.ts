import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../platform/shared/errors';

/** EMAIL_NOT_VERIFIED naming what waits for the address and how to verify it. */
export const emailNotVerified = (toDo: string) =>
  new DomainError(
    'EMAIL_NOT_VERIFIED',
    `Verify your e-mail address to ${toDo}: open the link we e-mailed you, or send a new one from the banner on your dashboard or from Settings.`,
  );

/**
 * What an unverified address may not do yet (issue 27 item 2): receive payouts (connect a payout
 * account), create API keys or webhook endpoints. Features call this through the users front door
 * instead of reading the users table. `toDo` completes "Verify your e-mail address to …".
 */
/**
 * SQL: whether the user whose id is in `userIdColumn` has verified their address, for set-based
 * statements of other features (e.g. the webhooks' fan-out of public events), so they need not
 * name the users table themselves.
 */
export const emailVerifiedSql = (userIdColumn: string) => `exists (select 1 from users u where u.id = ${userIdColumn} and u.email_verified_at is not null)`;

export async function assertEmailVerified(em: EntityManager, userId: string, toDo: string): Promise<void> {
  const [row] = await em.execute<{ verified: boolean }[]>('select email_verified_at is not null as verified from users where id = ?', [userId]);
  if (row && !row.verified) throw emailNotVerified(toDo);
}
