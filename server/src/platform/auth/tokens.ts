import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Viewer } from '../shared/context';
import { AccountType, UserRole } from './roles';

export interface AccessTokenClaims {
  sub: string;
  role: UserRole;
  acct: AccountType;
  /** Session family, so a logout can be traced to the tokens it revoked. */
  sid: string;
}

/** How many verified access tokens an instance remembers (a few MB at most). */
const MAX_VERIFIED = 10_000;

/** Signs and verifies short-lived JWT access tokens; makes opaque refresh tokens. */
export class TokenIssuer {
  /**
   * A key object made once: given the secret as a string, jsonwebtoken first tries it as a PEM
   * public key and catches the failure, on every sign and verify (a measurable cost per request).
   */
  private readonly secret: KeyObject;
  /**
   * Tokens already verified, with their viewer and expiry: a signed-in user's every request carries
   * the same token, and its check (two base64 decodes, a JSON parse, an HMAC: about 25 µs) is then
   * a map lookup. Only tokens that passed the full check are kept, by their exact text; bounded.
   */
  private readonly verified = new Map<string, { viewer: Viewer; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  signAccessToken(claims: AccessTokenClaims, now: Date): { token: string; expiresAt: Date } {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.accessTtlSeconds;
    const token = jwt.sign({ ...claims, iat, exp }, this.secret, { algorithm: 'HS256', issuer: 'collabhub' });
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The viewer behind a valid access token, or null when it is invalid or expired. */
  verifyAccessToken(token: string, now: Date): Viewer | null {
    const known = this.verified.get(token);
    if (known) {
      if (now.getTime() < known.expiresAtMs) return { ...known.viewer };
      this.verified.delete(token);
    }
    try {
      const claims = jwt.verify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: 'collabhub',
        clockTimestamp: Math.floor(now.getTime() / 1000),
      }) as Partial<AccessTokenClaims> & { exp?: number };
      if (typeof claims.sub !== 'string') return null;
      if (!Object.values(UserRole).includes(claims.role as UserRole)) return null;
      if (!Object.values(AccountType).includes(claims.acct as AccountType)) return null;
      if (typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
      const viewer: Viewer = { id: claims.sub, role: claims.role as UserRole, accountType: claims.acct as AccountType, sessionId: claims.sid };
      // Valid while the clock is before `exp` (jsonwebtoken refuses it from `exp` on).
      if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { viewer, expiresAtMs: claims.exp * 1000 });
      return { ...viewer };
    } catch {
      return null;
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
