import type { Viewer } from '../../platform/shared/context';

/** How long a key lookup is reused; also the bound on revocation reaching an instance that missed the event. */
export const KEY_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  viewer: Viewer;
  expiresAt: Date | null;
  cachedUntil: number;
}

/**
 * Resolved API keys by hash, kept briefly so a partner's requests skip the lookup. Revoking a key
 * evicts it on every instance at once (the `apiKeyRevoked` event); an entry never outlives
 * KEY_CACHE_MS, so a revocation, suspension or expiry takes effect within 5 s even without it.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();

  get(hash: string, nowMs: number): Entry | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (nowMs >= entry.cachedUntil) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry;
  }

  set(hash: string, viewer: Viewer, expiresAt: Date | null, nowMs: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { viewer, expiresAt, cachedUntil: nowMs + KEY_CACHE_MS });
  }

  evictKey(keyId: string): void {
    for (const [hash, entry] of this.entries) if (entry.viewer.partnerKeyId === keyId) this.entries.delete(hash);
  }
}
