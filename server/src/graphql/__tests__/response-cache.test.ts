import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createCreator, registerAccount } from '../../features/profiles/__tests__/fixtures';

let app: TestApp;

const LISTING = `query($search: String) {
  creators(first: 20, filter: { platform: TWITCH, search: $search }) {
    totalCount
    edges { node { id displayName nextFreeSlots(first: 5) { startTime } } }
  }
}`;
const ADD = `mutation($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`;
const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id displayName } }`;

/** Each test lists its own creator (a distinct search is a distinct cache entry). */
const listing = (search: string, token?: string) => app.gql(LISTING, { search }, token);
const onlyNode = (res: { body: any }) => res.body.data.creators.edges.map((e: any) => e.node);

beforeAll(async () => {
  // Production keeps anonymous public reads for 5 s; a long time here makes any staleness visible.
  app = await startTestApp({ ANON_RESPONSE_CACHE_SECONDS: '60' });
});
afterAll(() => app.close());

describe('anonymous response cache', () => {
  it('a repeated anonymous listing is answered from memory, without any SQL', async () => {
    await createCreator(app, { displayName: 'Cached Carla' });
    const first = await listing('Cached Carla');
    expect(onlyNode(first)).toHaveLength(1);
    app.queries.length = 0;
    const again = await listing('Cached Carla');
    expect(again.body).toEqual(first.body);
    expect(app.queries).toEqual([]);
  });

  it("a creator's new free hour reaches anonymous visitors at once (slot changes empty the cache)", async () => {
    const creator = await createCreator(app, { displayName: 'Fresh Fiona' });
    expect(onlyNode(await listing('Fresh Fiona'))[0].nextFreeSlots).toEqual([]);
    const added = await app.gql(ADD, { input: { startTime: '2027-03-02T10:00:00Z', endTime: '2027-03-02T11:00:00Z' } }, creator.token);
    expect(added.body.errors).toBeUndefined();
    await expect
      .poll(async () => onlyNode(await listing('Fresh Fiona'))[0].nextFreeSlots, { timeout: 5_000, interval: 50 })
      .toEqual([{ startTime: '2027-03-02T10:00:00.000Z' }]);
  });

  it('signed-in visitors always get a fresh answer; anonymous ones see a profile edit once the cache time is over', async () => {
    const creator = await createCreator(app, { displayName: 'Renamed Rita', bio: 'first bio' });
    const brand = await registerAccount(app, 'brand');
    expect(onlyNode(await listing('Renamed Rita'))[0].displayName).toBe('Renamed Rita');
    await app.gql(UPDATE, { input: { displayName: 'Renamed Rita Two' } }, creator.token);
    expect(onlyNode(await listing('Renamed Rita', brand.token))[0].displayName).toBe('Renamed Rita Two');
    expect(onlyNode(await listing('Renamed Rita'))[0].displayName).toBe('Renamed Rita');
  });
});
