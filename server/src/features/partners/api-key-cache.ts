import type { Viewer } from '../../platform/shared/context';

/** How often the cached keys are checked again (all of them in one statement); also the bound on revocation reaching an instance that missed the event. */
export const KEY_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  viewer: Viewer;
  expiresAt: Date | null;
}

/**
 * Resolved API keys by hash, kept so a partner's requests skip the lookup. Revoking a key evicts it
 * on every instance at once (the `apiKeyRevoked` event); and every KEY_CACHE_MS the keys in memory
 * are checked again together, in one statement (`recheck`): a revocation or suspension takes effect
 * within 5 s even without the event, at one statement per 5 s for all keys (a lookup per key per
 * 5 s made the statements per request grow as a machine got slower: 2.41 per uncached API-key
 * request at 13 requests/s over 50 keys, bench/RESULTS.md).
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private checkedAt = 0;
  private checking: Promise<void> | null = null;

  get(hash: string): Entry | undefined {
    return this.entries.get(hash);
  }

  set(hash: string, viewer: Viewer, expiresAt: Date | null, nowMs: number): void {
    if (this.entries.size === 0) this.checkedAt = nowMs;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { viewer, expiresAt });
  }

  evictKey(keyId: string): void {
    for (const [hash, entry] of this.entries) if (entry.viewer.partnerKeyId === keyId) this.entries.delete(hash);
  }

  /**
   * Checks the keys in memory again once KEY_CACHE_MS has passed since the last check: `stillValid`
   * answers which of the key ids are still active (one statement); the others are evicted.
   * Concurrent callers wait for the same check.
   */
  async recheck(nowMs: number, stillValid: (keyIds: string[]) => Promise<Set<string>>): Promise<void> {
    if (this.checking) return this.checking;
    if (nowMs - this.checkedAt < KEY_CACHE_MS || this.entries.size === 0) return;
    const ids = [...new Set([...this.entries.values()].map((e) => e.viewer.partnerKeyId!))];
    this.checking = stillValid(ids)
      .then((valid) => {
        for (const [hash, entry] of this.entries) if (!valid.has(entry.viewer.partnerKeyId!)) this.entries.delete(hash);
        this.checkedAt = nowMs;
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }
}
