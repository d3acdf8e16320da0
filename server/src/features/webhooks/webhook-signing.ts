import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + 32 random bytes in base64 (the Standard Webhooks form). */
export const newSigningSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers for one send: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * per secret, space-separated (the current secret first; the previous one too during a rotation's
 * overlap, so receivers holding either secret verify).
 */
export function signDelivery(secrets: readonly string[], msgId: string, at: Date, body: string): SignedHeaders {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(msgId, at, body));
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
