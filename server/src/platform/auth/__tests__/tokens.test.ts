import { describe, expect, it } from 'vitest';
import { AccountType, UserRole } from '../roles';
import { TokenIssuer } from '../tokens';

const claims = { sub: 'user-1', role: UserRole.USER, acct: AccountType.BRAND, sid: 'session-1' };

describe('access tokens', () => {
  it('a token verified once is still refused from its expiry on, and a changed token is checked afresh', () => {
    const issuer = new TokenIssuer('a secret of at least thirty-two characters', 60);
    const issuedAt = new Date('2026-11-26T12:00:00.000Z');
    const { token } = issuer.signAccessToken(claims, issuedAt);
    const viewer = { id: 'user-1', role: UserRole.USER, accountType: AccountType.BRAND, sessionId: 'session-1' };
    expect(issuer.verifyAccessToken(token, issuedAt)).toEqual(viewer);
    expect(issuer.verifyAccessToken(token, new Date(issuedAt.getTime() + 59_999))).toEqual(viewer); // remembered
    expect(issuer.verifyAccessToken(token, new Date(issuedAt.getTime() + 60_000))).toBeNull(); // expired
    expect(issuer.verifyAccessToken(token, issuedAt)).toEqual(viewer); // checked again (the clock went back), still valid
    // One character of the signature changed: not the remembered token, refused by the check.
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'AB' : 'AA');
    expect(issuer.verifyAccessToken(forged, issuedAt)).toBeNull();
    // A token of another secret is refused even once this issuer remembered tokens.
    const other = new TokenIssuer('another secret of at least thirty-two chars', 60).signAccessToken(claims, issuedAt).token;
    expect(issuer.verifyAccessToken(other, issuedAt)).toBeNull();
  });

  it('a caller changing the viewer it got does not change what the next request gets', () => {
    const issuer = new TokenIssuer('a secret of at least thirty-two characters', 60);
    const now = new Date();
    const { token } = issuer.signAccessToken(claims, now);
    const first = issuer.verifyAccessToken(token, now)!;
    first.id = 'someone-else';
    expect(issuer.verifyAccessToken(token, now)!.id).toBe('user-1');
  });
});
