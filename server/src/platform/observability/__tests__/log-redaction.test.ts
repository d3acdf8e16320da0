import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account } from '../../../features/bookings/__tests__/booking-fixtures';
import { redactUrl } from '../log-redaction';

/** Every request log line the real server writes, read back as JSON. */
let app: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await startTestApp({}, { logger: pino({ level: 'info' }, sink) });
});
afterAll(() => app?.close());

const waitForLogLine = async (needle: string) => {
  for (let i = 0; i < 50 && !lines.some((l) => l.includes(needle)); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('secrets stay out of the request log', () => {
  it('the calendar feed secret, unsubscribe and reset tokens, an API key and GraphQL variables in a URL are redacted; the path and parameter names stay', async () => {
    const user = await account(app, 'creator');
    const feed = await app.rest('GET', '/calendar-feed', undefined, user.token);
    expect(feed.status).toBe(200);
    const feedPath = new URL(feed.body.data.url).pathname;
    const secret = feedPath.split('/').pop()!.replace(/\.ics$/, '');
    expect(secret.length).toBeGreaterThan(20);
    expect((await fetch(app.url + feedPath)).status).toBe(200);

    const unsubscribeToken = 'unsubTokenValue1234567890';
    await fetch(`${app.url}/api/v1/mail/unsubscribe?u=${user.userId}&k=booking&t=${unsubscribeToken}`);
    await fetch(`${app.url}/reset-password?token=resetTokenValue987654321`);
    await fetch(`${app.url}/api/v1/streamers?api_key=ck_live_pastedKeyValue555&limit=5`);
    const variables = encodeURIComponent(JSON.stringify({ password: 'hunter2-variable-secret' }));
    await fetch(`${app.url}/graphql?query=${encodeURIComponent('query { __typename }')}&variables=${variables}`);
    await waitForLogLine('/graphql?');

    const log = lines.join('\n');
    for (const leaked of [secret, unsubscribeToken, 'resetTokenValue987654321', 'ck_live_pastedKeyValue555', 'hunter2-variable-secret', user.userId]) {
      expect(log).not.toContain(leaked);
    }
    const urls = lines.map((l) => JSON.parse(l)).filter((l) => l.req?.url).map((l) => l.req.url as string);
    expect(urls).toContain('/api/v1/calendar/[redacted].ics');
    expect(urls).toContain('/api/v1/mail/unsubscribe?u=[redacted]&k=[redacted]&t=[redacted]');
    expect(urls).toContain('/reset-password?token=[redacted]');
    expect(urls).toContain('/api/v1/streamers?api_key=[redacted]&limit=5');
    expect(urls).toContain('/graphql?query=[redacted]&variables=[redacted]');
  });

  it('redactUrl keeps URLs without secrets as they are', () => {
    expect(redactUrl('/api/v1/bookings?status=pending&limit=20')).toBe('/api/v1/bookings?status=pending&limit=20');
    expect(redactUrl('/api/v1/calendar-feed')).toBe('/api/v1/calendar-feed');
    expect(redactUrl('/api/v1/calendar/abc/def')).toBe('/api/v1/calendar/[redacted]/def');
    expect(redactUrl('/x?secretonly')).toBe('/x?[redacted]');
  });
});
