import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links that carry their own permission (a file download opened by an `<img>` or a
 * link, which sends no bearer token): an HMAC-SHA256, under a key derived from SECRETS_KEY for
 * this purpose only, of what the link grants (`parts`, e.g. the file and the viewer) and until when.
 */
export class LinkSigner {
  private readonly key: Buffer;

  constructor(secretsKey: Buffer, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), `collabhub signed links v1: ${purpose}`, 32));
  }

  /** The signature of `parts` valid until `expiresAt` (whole seconds). */
  sign(parts: readonly string[], expiresAt: Date): { expires: number; signature: string } {
    const expires = Math.ceil(expiresAt.getTime() / 1000);
    return { expires, signature: this.mac(parts, expires) };
  }

  /** `valid`, `expired` (signed, but past its time) or `invalid` (not signed by us for these parts). */
  check(parts: readonly string[], expires: unknown, signature: unknown, now: Date): 'valid' | 'expired' | 'invalid' {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return 'invalid';
    const expected = Buffer.from(this.mac(parts, Number(expires)), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
  }

  private mac(parts: readonly string[], expires: number): string {
    return createHmac('sha256', this.key).update(JSON.stringify([...parts, expires])).digest('base64url');
  }
}
