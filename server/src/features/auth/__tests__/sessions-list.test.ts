import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from '../../../../test/raw-ws';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { SESSION_REVOKED_MESSAGE } from '../../../platform/auth/sessions';
import { describeUserAgent } from '../sessions-list';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'correct horse battery staple 42';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A REST call from a given browser and client address (the test server trusts loopback proxies). */
async function call(method: string, path: string, opts: { body?: unknown; token?: string; userAgent?: string; ip?: string } = {}) {
  const res = await fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('where you are signed in', () => {
  it('lists each session with its device, address, sign-in and last-seen times; refresh moves last seen', async () => {
    const email = uniqueEmail('sessions');
    const reg = await call('POST', '/auth/register', { body: { email, password: PASSWORD, accountType: 'brand' }, userAgent: FIREFOX_LINUX, ip: '203.0.113.7' });
    expect(reg.status).toBe(201);
    const phone = await call('POST', '/auth/login', { body: { email, password: PASSWORD }, userAgent: SAFARI_IPHONE, ip: '198.51.100.20' });
    expect(phone.status).toBe(200);

    const listed = await call('GET', '/auth/sessions', { token: reg.body.data.tokens.accessToken });
    expect(listed.status).toBe(200);
    const rows = listed.body.data as any[];
    expect(rows).toHaveLength(2);
    const laptop = rows.find((r) => r.current);
    const mobile = rows.find((r) => !r.current);
    expect(laptop).toMatchObject({ user_agent: FIREFOX_LINUX, ip: '203.0.113.7', device: 'Firefox 128 on Linux' });
    expect(mobile).toMatchObject({ user_agent: SAFARI_IPHONE, ip: '198.51.100.20', device: 'Safari 17 on iOS (mobile)' });
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual(['created_at', 'current', 'device', 'id', 'ip', 'last_seen_at', 'user_agent']);
      expect(new Date(r.created_at).getTime()).toBeLessThanOrEqual(new Date(r.last_seen_at).getTime());
    }

    // A refresh later (from a new address) moves "last seen" and the address, not "signed in".
    app.clock.advance(10 * 60_000);
    const refreshed = await call('POST', '/auth/refresh', { body: { refreshToken: phone.body.data.tokens.refreshToken }, userAgent: SAFARI_IPHONE, ip: '198.51.100.99' });
    expect(refreshed.status).toBe(200);
    const after = (await call('GET', '/auth/sessions', { token: refreshed.body.data.tokens.accessToken })).body.data as any[];
    const mobileAfter = after.find((r) => r.id === mobile.id);
    expect(mobileAfter.current).toBe(true);
    expect(mobileAfter.created_at).toBe(mobile.created_at);
    expect(new Date(mobileAfter.last_seen_at).getTime()).toBeGreaterThan(new Date(mobile.last_seen_at).getTime() + 9 * 60_000);
    expect(mobileAfter.ip).toBe('198.51.100.99');
    // Most recently seen first.
    expect(after[0].id).toBe(mobile.id);
  });

  it('signing one session out refuses it at once (HTTP, GraphQL, its socket); the others stay; nobody else can sign it out', async () => {
    const email = uniqueEmail('sessions');
    const a = (await call('POST', '/auth/register', { body: { email, password: PASSWORD, accountType: 'brand' }, userAgent: FIREFOX_LINUX })).body.data.tokens;
    const b = (await call('POST', '/auth/login', { body: { email, password: PASSWORD }, userAgent: SAFARI_IPHONE })).body.data.tokens;
    const socket = new RawSocket(app.url);
    expect(await socket.init({ authorization: `Bearer ${b.accessToken}` })).toBe(true);
    socket.subscribe('1', 'subscription { bookingUpdated { id } }');

    const other = uniqueEmail('sessions');
    const stranger = (await call('POST', '/auth/register', { body: { email: other, password: PASSWORD, accountType: 'brand' } })).body.data.tokens;
    const list = (await app.gql(`{ sessions { id current device ip userAgent createdAt lastSeenAt } }`, {}, a.accessToken)).body.data.sessions as any[];
    expect(list).toHaveLength(2);
    for (const s of list) expect(Number.isNaN(Date.parse(s.lastSeenAt)) || Number.isNaN(Date.parse(s.createdAt))).toBe(false);
    const target = list.find((s) => !s.current);
    expect(target.device).toBe('Safari 17 on iOS (mobile)');

    // Someone else's session, or a made-up id: 404, nothing signed out.
    expect((await call('DELETE', `/auth/sessions/${target.id}`, { token: stranger.accessToken })).status).toBe(404);
    expect((await call('DELETE', '/auth/sessions/not-an-id', { token: a.accessToken })).status).toBe(404);
    expect((await call('GET', '/auth/me', { token: b.accessToken })).status).toBe(200);

    const revoked = await app.gql(`mutation ($id: ID!) { revokeSession(id: $id) }`, { id: target.id }, a.accessToken);
    expect(revoked.body.data.revokeSession).toBe(true);
    const refused = await call('GET', '/auth/me', { token: b.accessToken });
    expect(refused).toMatchObject({ status: 401, body: { error: SESSION_REVOKED_MESSAGE } });
    expect((await app.gql(`{ me { id } }`, {}, b.accessToken)).body.errors[0].message).toBe(SESSION_REVOKED_MESSAGE);
    expect((await socket.waitClosed())?.code).toBe(4401);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: b.refreshToken } })).status).toBe(401);
    // The asking session is untouched; the list no longer shows the signed-out one.
    const left = (await call('GET', '/auth/sessions', { token: a.accessToken })).body.data as any[];
    expect(left.map((s) => s.id)).not.toContain(target.id);
    expect(left).toHaveLength(1);
    // Signing it out again: 404.
    expect((await call('DELETE', `/auth/sessions/${target.id}`, { token: a.accessToken })).status).toBe(404);
  });

  it('anonymous callers get 401', async () => {
    expect((await call('GET', '/auth/sessions')).status).toBe(401);
  });
});

describe('describeUserAgent', () => {
  it('reads common browsers and keeps unknown agents short', () => {
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome 131 on macOS Catalina');
    expect(describeUserAgent(null)).toBeNull();
    expect(describeUserAgent('x'.repeat(300))).toHaveLength(80);
  });
});
