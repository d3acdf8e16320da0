import { hash, randomBytes } from 'node:crypto';

/** Every key starts with this, so a bearer value is told apart from a JWT without a lookup. */
export const API_KEY_PREFIX = 'chk_live_';
const SECRET_SHAPE = /^chk_live_[A-Za-z0-9_-]{43}$/;
/** Random characters kept (after the prefix) to tell keys apart in lists. */
const DISPLAY_CHARS = 8;

export const looksLikeApiKey = (value: string) => value.startsWith('chk_');
export const isWellFormedApiKey = (value: string) => SECRET_SHAPE.test(value);

/** A new key: 32 random bytes (base64url), shown once; we keep its hash and display prefix. */
export function newApiKeySecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiKey(secret), prefix: secret.slice(0, API_KEY_PREFIX.length + DISPLAY_CHARS) };
}

/** SHA-256 in hex (crypto.hash: one call, no Hash object; a partner's every request hashes its key). */
export const hashApiKey = (secret: string) => hash('sha256', secret, 'hex');
