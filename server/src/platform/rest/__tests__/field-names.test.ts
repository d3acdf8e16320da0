import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { brand } from '../../../features/availability/__tests__/fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set(new Date('2027-03-01T12:00:00Z'));
});
afterAll(() => app.close());

/**
 * The services call the role "creator"; the spec's REST calls name it `streamerId` / `streamer_id`.
 * A REST client that sends a bad one is told about the field it sent, never about an internal name.
 */
describe('REST errors name the field the client sent', () => {
  it('checkout and the reviews list answer 400 naming streamerId, with nothing stored', async () => {
    const b = await brand(app);
    const cases: { method: 'GET' | 'POST'; path: string; body?: unknown; token?: string; field: string }[] = [
      { method: 'POST', path: '/bookings/create-payment', body: { streamerId: 'nope', startTime: '2027-03-02T15:00:00Z', endTime: '2027-03-02T16:00:00Z' }, token: b.token, field: 'streamerId' },
      { method: 'POST', path: '/bookings', body: { startTime: '2027-03-02T15:00:00Z', endTime: '2027-03-02T16:00:00Z' }, token: b.token, field: 'streamerId' },
      { method: 'GET', path: '/reviews', field: 'streamerId' },
    ];
    for (const call of cases) {
      const res = await app.rest(call.method, call.path, call.body, call.token);
      expect(res.status, `${call.method} ${call.path}`).toBe(400);
      expect(res.body, `${call.method} ${call.path}`).toMatchObject({ success: false, code: 'BAD_USER_INPUT', field: call.field });
      expect(res.body.error).toContain(call.field);
      expect(res.body.error).not.toMatch(/creatorId/);
    }
    const [{ n }] = await app.orm.em.fork().getConnection().execute('select count(*)::int as n from bookings');
    expect(n).toBe(0);
  });

  it('GraphQL keeps its own name for the same mistake', async () => {
    const b = await brand(app);
    const res = await app.gql(
      'mutation ($input: CreateBookingCheckoutInput!) { createBookingCheckout(input: $input) { checkoutUrl } }',
      { input: { creatorId: 'nope', startTime: '2027-03-02T15:00:00Z', endTime: '2027-03-02T16:00:00Z' } },
      b.token,
    );
    expect(res.body.errors?.[0]).toMatchObject({ message: 'creatorId must be a valid id', extensions: { code: 'BAD_USER_INPUT', field: 'creatorId' } });
  });
});
