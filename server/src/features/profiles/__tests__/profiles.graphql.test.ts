import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import {
  CREATE_PROFILE,
  createCreator,
  creatorInput,
  errorCode,
  errorMessage,
  hoursFromNow,
  insertSlots,
  registerAccount,
} from './fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const UPDATE_PROFILE = /* GraphQL */ `
  mutation ($input: UpdateProfileInput!) {
    updateProfile(input: $input) { id displayName bio hourlyRateCents minimumHours platforms twitchUsername youtubeHandle timezone }
  }`;
const MY_PROFILE = /* GraphQL */ `query { myProfile { id displayName accountType } }`;
const CREATOR = /* GraphQL */ `
  query ($id: ID!) { creator(id: $id) { id displayName isAvailable platforms hourlyRateCents timezone } }`;

describe('GraphQL: my profile', () => {
  it('creating a profile needs a signed-in user ("User not authenticated")', async () => {
    const res = await app.gql(CREATE_PROFILE, { input: creatorInput() });
    expect(errorCode(res.body)).toBe('UNAUTHENTICATED');
    expect(errorMessage(res.body)).toBe('User not authenticated');
  });

  it('a creator creates their profile; defaults: $50/h, 1 hour minimum, UTC', async () => {
    const { token, userId } = await registerAccount(app, 'creator');
    const res = await app.gql(
      CREATE_PROFILE,
      { input: { displayName: '  Luna Plays  ', platforms: ['YOUTUBE', 'TIKTOK'], youtubeHandle: '@luna', tiktokHandle: 'luna.tt' } },
      token,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createProfile).toMatchObject({
      userId,
      accountType: 'CREATOR',
      displayName: 'Luna Plays',
      hourlyRateCents: 5000,
      minimumHours: 1,
      platforms: ['YOUTUBE', 'TIKTOK'],
      timezone: 'UTC',
      averageRating: 0,
      reviewCount: 0,
      totalBookings: 0,
      isVerified: false,
      isAvailable: false,
    });
    const mine = await app.gql(MY_PROFILE, {}, token);
    expect(mine.body.data.myProfile).toMatchObject({ displayName: 'Luna Plays', accountType: 'CREATOR' });
  });

  it('a second profile for the same user is a CONFLICT', async () => {
    const { token } = await createCreator(app);
    const again = await app.gql(CREATE_PROFILE, { input: creatorInput({ displayName: 'Other' }) }, token);
    expect(errorCode(again.body)).toBe('CONFLICT');
  });

  it('a brand profile takes a brand name and an about text, and has no rate or platforms', async () => {
    const { token } = await registerAccount(app, 'brand');
    const res = await app.gql(CREATE_PROFILE, { input: { displayName: 'Acme Games', bio: 'We make puzzle games' } }, token);
    expect(res.body.data.createProfile).toMatchObject({
      accountType: 'BRAND',
      displayName: 'Acme Games',
      bio: 'We make puzzle games',
      hourlyRateCents: null,
      platforms: [],
    });
    const blank = await app.gql(CREATE_PROFILE, { input: { displayName: '   ' } }, (await registerAccount(app, 'brand')).token);
    expect(errorMessage(blank.body)).toBe('Brand name is required');
  });

  it.each([
    [{ displayName: '   ' }, 'displayName', 'Display name is required'],
    [{ displayName: 'x'.repeat(101) }, 'displayName', 'Display name must be at most 100 characters'],
    [{ hourlyRateCents: 99 }, 'hourlyRateCents', 'Hourly rate must be at least $1.00'],
    [{ minimumHours: 0 }, 'minimumHours', 'Minimum hours must be at least 1'],
    [{ minimumHours: 9 }, 'minimumHours', 'Minimum hours must be at most 8 (the longest booking)'],
    [{ platforms: [] }, 'platforms', 'Select at least one platform'],
    [{ platforms: ['TWITCH', 'INSTAGRAM'] }, 'instagramHandle', 'Instagram handle is required when instagram is selected'],
    [{ twitchUsername: '  ' }, 'twitchUsername', 'Twitch username is required when twitch is selected'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone', 'timezone must be a valid IANA time zone such as Europe/Berlin'],
    [{ hourlyRateCents: 2_000_000_000 }, 'hourlyRateCents', 'Hourly rate must be at most $10,000.00'],
    [{ bio: 'Streams\u0000daily' }, 'bio', 'bio must not contain the NUL character (U+0000)'],
    [{ platforms: ['TWITCH'], twitchUsername: 'nul\u0000name' }, 'twitchUsername', 'twitchUsername must not contain the NUL character (U+0000)'],
  ])('invalid creator profile %j is BAD_USER_INPUT on %s', async (overrides, field, message) => {
    const { token } = await registerAccount(app, 'creator');
    const res = await app.gql(CREATE_PROFILE, { input: creatorInput(overrides) }, token);
    expect(errorCode(res.body)).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].extensions.field).toBe(field);
    expect(errorMessage(res.body)).toBe(message);
    expect((await app.gql(MY_PROFILE, {}, token)).body.data.myProfile).toBeNull();
  });

  it('a NUL character written into a query literal is refused with 400 naming the field', async () => {
    const { token } = await registerAccount(app, 'creator');
    const res = await app.gql(`mutation { createProfile(input: { displayName: "Nul\\u0000Name", platforms: [TWITCH], twitchUsername: "x" }) { id } }`, {}, token);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ message: 'displayName must not contain the NUL character (U+0000)', extensions: { code: 'BAD_USER_INPUT', field: 'displayName' } });
    expect((await app.gql(MY_PROFILE, {}, token)).body.data.myProfile).toBeNull();
  });

  it('updating without a profile says "No profile to update"', async () => {
    const { token } = await registerAccount(app, 'creator');
    const res = await app.gql(UPDATE_PROFILE, { input: { bio: 'hello' } }, token);
    expect(errorCode(res.body)).toBe('NOT_FOUND');
    expect(errorMessage(res.body)).toBe('No profile to update');
  });

  it('update changes only the fields sent and re-checks the platform handles', async () => {
    const { token } = await createCreator(app, { bio: 'Old bio' });
    const res = await app.gql(UPDATE_PROFILE, { input: { hourlyRateCents: 7550, timezone: 'Asia/Tokyo' } }, token);
    expect(res.body.data.updateProfile).toMatchObject({
      displayName: 'Pixel Pete',
      bio: 'Old bio',
      hourlyRateCents: 7550,
      timezone: 'Asia/Tokyo',
      platforms: ['TWITCH'],
    });
    const missing = await app.gql(UPDATE_PROFILE, { input: { platforms: ['TWITCH', 'YOUTUBE'] } }, token);
    expect(errorMessage(missing.body)).toBe('YouTube handle is required when youtube is selected');
    const switched = await app.gql(UPDATE_PROFILE, { input: { platforms: ['YOUTUBE'], youtubeHandle: '@pete' } }, token);
    expect(switched.body.data.updateProfile).toMatchObject({ platforms: ['YOUTUBE'], youtubeHandle: '@pete', twitchUsername: null });
  });

  it('myProfile is UNAUTHENTICATED when anonymous and null before a profile exists', async () => {
    expect(errorCode((await app.gql(MY_PROFILE)).body)).toBe('UNAUTHENTICATED');
    const { token } = await registerAccount(app, 'brand');
    expect((await app.gql(MY_PROFILE, {}, token)).body.data.myProfile).toBeNull();
  });
});

describe('GraphQL: public creator profile', () => {
  it('anyone can read a creator without signing in; isAvailable needs a free future slot', async () => {
    const { profileId } = await createCreator(app);
    const before = await app.gql(CREATOR, { id: profileId });
    expect(before.body.data.creator).toMatchObject({ id: profileId, displayName: 'Pixel Pete', isAvailable: false, timezone: 'Europe/Berlin' });
    await insertSlots(app, profileId, [hoursFromNow(app, -5)]);
    expect((await app.gql(CREATOR, { id: profileId })).body.data.creator.isAvailable).toBe(false);
    await insertSlots(app, profileId, [hoursFromNow(app, 30)]);
    expect((await app.gql(CREATOR, { id: profileId })).body.data.creator.isAvailable).toBe(true);
  });

  it('an unknown id, a malformed id and a brand profile are NOT_FOUND "Streamer profile not found"', async () => {
    const { token } = await registerAccount(app, 'brand');
    const brand = await app.gql(CREATE_PROFILE, { input: { displayName: 'Brandy' } }, token);
    for (const id of ['7f1c3a52-0d9e-4e7b-9a56-2f3d8c1b0a11', 'not-an-id', brand.body.data.createProfile.id]) {
      const res = await app.gql(CREATOR, { id });
      expect(errorCode(res.body)).toBe('NOT_FOUND');
      expect(errorMessage(res.body)).toBe('Streamer profile not found');
    }
  });

  it('a suspended creator is hidden from the public, but still sees their own profile', async () => {
    const { profileId, token } = await createCreator(app);
    await app.orm.em.fork().getConnection().execute('update profiles set suspended_at = now() where id = ?', [profileId]);
    expect(errorCode((await app.gql(CREATOR, { id: profileId })).body)).toBe('NOT_FOUND');
    expect((await app.gql(MY_PROFILE, {}, token)).body.data.myProfile.id).toBe(profileId);
  });
});
