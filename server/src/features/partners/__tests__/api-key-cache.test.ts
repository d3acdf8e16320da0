import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import type { Orm } from '../../../platform/db/orm';
import { createServer, type AppServer } from '../../../app/server';
import { registerAccount } from '../../profiles/__tests__/fixtures';
import { createKey, gqlWith, REVOKE_KEY } from './partner-fixtures';
import { initOrm } from '../../../app/init-orm';
import { ApiKeyCache, KEY_CACHE_MS } from '../api-key-cache';

let app: TestApp;
/** A second server instance on the same database (as behind a load balancer). */
let other: { server: AppServer; orm: Orm; url: string };
beforeAll(async () => {
  app = await startTestApp();
  const orm = await initOrm({ clientUrl: app.config.DATABASE_URL! });
  const server = await createServer({ config: app.config, orm, clock: app.clock, logger: pino({ level: 'silent' }) });
  await new Promise<void>((resolve) => server.httpServer.listen(0, '127.0.0.1', resolve));
  other = { server, orm, url: `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await other?.server.close();
  await other?.orm.close(true);
  await app?.close();
});

const ME = `query { me { id } }`;
const meAt = (url: string, secret: string) =>
  fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': secret }, body: JSON.stringify({ query: ME }) });

describe('API key lookups at cache speed', () => {
  it('a repeated key request runs no key statement: the lookup is kept in memory, last use and usage are written in batches', async () => {
    const brand = await registerAccount(app, 'brand');
    const key = await createKey(app, brand.token);
    expect((await gqlWith(app, { 'x-api-key': key.secret }, ME)).body.data.me.id).toBe(brand.userId);
    app.queries.length = 0;
    for (let i = 0; i < 4; i++) expect((await gqlWith(app, { 'x-api-key': key.secret }, ME)).status).toBe(200);
    expect(app.queries.filter((q) => /api_keys|api_key_usage/.test(q))).toEqual([]);

    const listed = await app.gql(`query { myApiKeys { id lastUsedAt rateLimitPerMinute } }`, {}, brand.token);
    expect(listed.body.data.myApiKeys[0]).toMatchObject({ id: key.id, rateLimitPerMinute: 120 });
    expect(listed.body.data.myApiKeys[0].lastUsedAt).not.toBeNull();
    const usage = await app.gql(`query ($id: ID!) { apiKeyUsage(id: $id) { hour requests } }`, { id: key.id }, brand.token);
    const hours = usage.body.data.apiKeyUsage;
    expect(hours).toHaveLength(168);
    expect(hours.at(-1).requests).toBe(5);
    expect(hours.slice(0, -1).every((h: any) => h.requests === 0)).toBe(true);
    expect(new Date(hours.at(-1).hour).getTime() % 3_600_000).toBe(0);

    const stranger = await registerAccount(app, 'creator');
    const refused = await app.gql(`query ($id: ID!) { apiKeyUsage(id: $id) { hour } }`, { id: key.id }, stranger.token);
    expect(refused.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('a key revoked on one instance stops working on another within 5 seconds', async () => {
    const brand = await registerAccount(app, 'brand');
    const key = await createKey(app, brand.token);
    expect((await meAt(other.url, key.secret)).status).toBe(200); // now cached on the other instance
    expect((await meAt(other.url, key.secret)).status).toBe(200);

    const revokedAt = Date.now();
    await app.gql(REVOKE_KEY, { id: key.id }, brand.token);
    expect((await meAt(app.url, key.secret)).status).toBe(401); // this instance: at once
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 5_000) {
      status = (await meAt(other.url, key.secret)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
  });
});

describe('the keys in memory are checked again together', () => {
  it('one check for every cached key each KEY_CACHE_MS (not a lookup per key): revoked or suspended keys leave the cache', async () => {
    const cache = new ApiKeyCache();
    const viewer = (keyId: string) => ({ id: `user-${keyId}`, role: 'user', accountType: 'brand', partnerKeyId: keyId }) as any;
    for (const k of ['a', 'b', 'c']) cache.set(`hash-${k}`, viewer(k), null, 0);
    const checks: string[][] = [];
    const stillValid = async (ids: string[]) => {
      checks.push([...ids].sort());
      return new Set(ids.filter((id) => id !== 'b'));
    };
    await cache.recheck(KEY_CACHE_MS - 1, stillValid);
    expect(checks).toEqual([]);
    // Many requests at once after the window: one check between them.
    await Promise.all([1, 2, 3, 4].map(() => cache.recheck(KEY_CACHE_MS, stillValid)));
    expect(checks).toEqual([['a', 'b', 'c']]);
    expect(cache.get('hash-a')?.viewer.partnerKeyId).toBe('a');
    expect(cache.get('hash-b')).toBeUndefined();
    await cache.recheck(KEY_CACHE_MS + 10, stillValid);
    expect(checks).toHaveLength(1);
  });
});
