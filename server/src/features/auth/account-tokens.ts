import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/** What a one-time account token may do, and how long it lives. */
export const ACCOUNT_TOKEN_PURPOSES = {
  password_reset: { ttlMs: 60 * 60_000 },
  verify_email: { ttlMs: 48 * 3_600_000 },
} as const;

export type AccountTokenPurpose = keyof typeof ACCOUNT_TOKEN_PURPOSES;

/** A token as the e-mailed link carries it: 32 random bytes, base64url (43 characters). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashAccountToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A consumed token: whose, and the address it was issued for. */
export interface UsedAccountToken {
  userId: string;
  email: string;
}

/**
 * One-time account tokens (password reset, e-mail verification; any later one-time link can use
 * them too): 32 random bytes, stored only as their SHA-256, with a purpose, an expiry and the
 * address they were sent to. A token is used at most once: `use` marks it in the same statement
 * that finds it, so two requests racing with one link cannot both succeed.
 */
export class AccountTokens {
  /** Makes a token for the user and purpose (in `em`'s transaction); returns it in clear, the only time it exists so. */
  async issue(em: EntityManager, args: { userId: string; purpose: AccountTokenPurpose; email: string; now: Date }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(args.now.getTime() + ACCOUNT_TOKEN_PURPOSES[args.purpose].ttlMs);
    await em.execute('insert into account_tokens (user_id, purpose, token_hash, email, expires_at, created_at) values (?, ?, ?, ?, ?, ?)', [
      args.userId,
      args.purpose,
      hashAccountToken(token),
      args.email,
      expiresAt,
      args.now,
    ]);
    return token;
  }

  /** Uses the token if it is valid for the purpose (unused, unexpired); null otherwise. */
  async use(em: EntityManager, token: string, purpose: AccountTokenPurpose, now: Date): Promise<UsedAccountToken | null> {
    if (!ACCOUNT_TOKEN_PATTERN.test(token)) return null;
    const rows = await em.execute<{ user_id: string; email: string }[]>(
      `update account_tokens set used_at = ? where token_hash = ? and purpose = ? and used_at is null and expires_at > ? returning user_id, email`,
      [now, hashAccountToken(token), purpose, now],
    );
    return rows[0] ? { userId: rows[0].user_id, email: rows[0].email } : null;
  }

  /** The token's owner if it is valid for the purpose, without using it (e.g. to check a new password before spending the link). */
  async find(em: EntityManager, token: string, purpose: AccountTokenPurpose, now: Date): Promise<UsedAccountToken | null> {
    if (!ACCOUNT_TOKEN_PATTERN.test(token)) return null;
    const rows = await em.execute<{ user_id: string; email: string }[]>(
      `select user_id, email from account_tokens where token_hash = ? and purpose = ? and used_at is null and expires_at > ?`,
      [hashAccountToken(token), purpose, now],
    );
    return rows[0] ? { userId: rows[0].user_id, email: rows[0].email } : null;
  }

  /** Voids every unused token of the user for these purposes (e.g. every reset link once the password changed). */
  async voidAll(em: EntityManager, userId: string, purposes: readonly AccountTokenPurpose[], now: Date): Promise<void> {
    await em.execute(`update account_tokens set used_at = ? where user_id = ? and used_at is null and purpose = any(?::text[])`, [now, userId, `{${purposes.join(',')}}`]);
  }
}
