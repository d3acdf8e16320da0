import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { registerAccount } from './fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const creatorPayload = (overrides: Record<string, unknown> = {}) => ({
  displayName: 'Nova Streams',
  bio: 'Retro RPGs every evening',
  hourlyRate: 42.5,
  minimumHours: 2,
  platforms: ['twitch', 'instagram'],
  twitchUsername: 'novastreams',
  instagramHandle: 'nova.ig',
  timezone: 'America/New_York',
  ...overrides,
});

describe('REST: own profile (/users/streamer-profile, /users/profile, /streamers)', () => {
  it('GET /users/streamer-profile is 404 "Streamer profile not found" before a profile exists', async () => {
    const { token } = await registerAccount(app, 'creator');
    const res = await app.rest('GET', '/users/streamer-profile', undefined, token);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Streamer profile not found' });
  });

  it('POST /users/streamer-profile creates it from the camelCase creator payload; rates are dollars', async () => {
    const { token, userId } = await registerAccount(app, 'creator');
    const res = await app.rest('POST', '/users/streamer-profile', creatorPayload(), token);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      user_id: userId,
      account_type: 'creator',
      display_name: 'Nova Streams',
      hourly_rate: 42.5,
      minimum_hours: 2,
      platforms: ['twitch', 'instagram'],
      twitch_username: 'novastreams',
      instagram_handle: 'nova.ig',
      timezone: 'America/New_York',
      average_rating: 0,
      total_bookings: 0,
      is_verified: false,
      is_available: false,
    });
    const own = await app.rest('GET', '/users/streamer-profile', undefined, token);
    expect(own.body.data.id).toBe(res.body.data.id);
  });

  it('the brand form (display_name, bio, account_type) creates a brand profile', async () => {
    const { token } = await registerAccount(app, 'brand');
    const res = await app.rest('POST', '/streamers', { display_name: 'Orbit Energy', bio: 'Drinks for gamers', account_type: 'brand' }, token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ account_type: 'brand', display_name: 'Orbit Energy', bio: 'Drinks for gamers', hourly_rate: null });
  });

  it('account_type in the payload never changes the profile type: it is the account’s', async () => {
    const { token } = await registerAccount(app, 'creator');
    const res = await app.rest('POST', '/streamers', { ...creatorPayload(), account_type: 'brand' }, token);
    expect(res.body.data.account_type).toBe('creator');
  });

  it('server-maintained fields sent by the client are ignored', async () => {
    const { token } = await registerAccount(app, 'creator');
    const res = await app.rest(
      'POST',
      '/users/streamer-profile',
      creatorPayload({ average_rating: 5, averageRating: 5, review_count: 99, total_bookings: 1000, totalBookings: 1000, is_verified: true, isVerified: true }),
      token,
    );
    expect(res.body.data).toMatchObject({ average_rating: 0, review_count: 0, total_bookings: 0, is_verified: false });
    const upd = await app.rest('PUT', '/users/streamer-profile', { isVerified: true, average_rating: 4.9, bio: 'New' }, token);
    expect(upd.body.data).toMatchObject({ bio: 'New', is_verified: false, average_rating: 0 });
  });

  it.each([
    [{ hourlyRate: 0.99 }, 'hourlyRate', 'Hourly rate must be at least $1.00'],
    [{ hourlyRate: 10.005 }, 'hourlyRate', 'Hourly rate can have at most 2 decimal places'],
    [{ hourlyRate: 1e308 }, 'hourlyRate', 'Hourly rate must be at most $10,000.00'],
    [{ hourlyRate: 10000.005 }, 'hourlyRate', 'Hourly rate must be at most $10,000.00'],
    [{ bio: 'Streams\u0000daily' }, 'bio', 'bio must not contain the NUL character (U+0000)'],
    [{ display_name: '\u0000' }, 'display_name', 'display_name must not contain the NUL character (U+0000)'],
    [{ minimumHours: 1.5 }, 'minimumHours', 'Minimum hours must be a whole number'],
    [{ platforms: ['myspace'] }, 'platforms', 'Unknown platform "myspace": choose from twitch, youtube, tiktok, instagram'],
    [{ displayName: '' }, 'displayName', 'Display name is required'],
  ])('invalid payload %j answers 400 naming %s', async (overrides, field, message) => {
    const { token } = await registerAccount(app, 'creator');
    const res = await app.rest('POST', '/users/streamer-profile', creatorPayload(overrides), token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: message, field });
  });

  it('anonymous create is 401 "User not authenticated"; a second create is 409', async () => {
    const anon = await app.rest('POST', '/streamers', creatorPayload());
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('User not authenticated');
    const { token } = await registerAccount(app, 'creator');
    expect((await app.rest('POST', '/streamers', creatorPayload(), token)).status).toBe(201);
    expect((await app.rest('POST', '/users/streamer-profile', creatorPayload(), token)).status).toBe(409);
  });

  it('PUT /users/profile and PUT /users/streamer-profile update the own profile; without one: "No profile to update"', async () => {
    const { token } = await registerAccount(app, 'brand');
    const none = await app.rest('PUT', '/users/profile', { bio: 'x' }, token);
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('No profile to update');
    await app.rest('POST', '/users/streamer-profile', { display_name: 'Zest', account_type: 'brand' }, token);
    const upd = await app.rest('PUT', '/users/profile', { bio: '  About Zest  ', display_name: 'Zest Inc.' }, token);
    expect(upd.body.data).toMatchObject({ display_name: 'Zest Inc.', bio: 'About Zest' });
  });

  it('PUT /streamers/{id} by someone else is 403 and changes nothing; the owner may', async () => {
    const owner = await registerAccount(app, 'creator');
    const created = await app.rest('POST', '/streamers', creatorPayload(), owner.token);
    const id = created.body.data.id;
    const intruder = await registerAccount(app, 'creator');
    await app.rest('POST', '/streamers', creatorPayload({ displayName: 'Intruder' }), intruder.token);

    const denied = await app.rest('PUT', `/streamers/${id}`, { displayName: 'Hacked', hourlyRate: 1 }, intruder.token);
    expect(denied.status).toBe(403);
    expect(denied.body.success).toBe(false);
    const after = await app.rest('GET', `/streamers/${id}`);
    expect(after.body.data).toMatchObject({ display_name: 'Nova Streams', hourly_rate: 42.5 });

    expect((await app.rest('PUT', `/streamers/${id}`, { displayName: 'Hacked' })).status).toBe(401);
    const ok = await app.rest('PUT', `/streamers/${id}`, { hourly_rate: 60 }, owner.token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.hourly_rate).toBe(60);
    expect((await app.rest('PUT', '/streamers/00000000-0000-4000-8000-000000000000', { bio: 'x' }, owner.token)).status).toBe(404);
  });

  it('GET /streamers/{id} is public; unknown ids are 404 "Streamer profile not found"', async () => {
    const { token } = await registerAccount(app, 'creator');
    const created = await app.rest('POST', '/streamers', creatorPayload(), token);
    const res = await app.rest('GET', `/streamers/${created.body.data.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.display_name).toBe('Nova Streams');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const missing = await app.rest('GET', `/streamers/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, error: 'Streamer profile not found' });
    }
  });
});
