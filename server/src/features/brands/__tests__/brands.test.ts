import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { BookingStatus } from '../../bookings/process/booking.model';
import {
  CREATE_PROFILE,
  createCreator,
  errorCode,
  errorMessage,
  hoursFromNow,
  insertBooking,
  registerAccount,
  type Account,
} from '../../profiles/__tests__/fixtures';

let app: TestApp;
let creator: Account & { profileId: string };
let brand: Account & { profileId: string };
/** Each booking on its own past day, so none overlap. */
let daysAgo = 20;

const BRAND = /* GraphQL */ `
  query ($id: ID!) {
    brand(id: $id) { id userId displayName about avatarUrl(size: 64) averageRating reviewCount completedBookings memberSince }
  }`;
const CREATE_REVIEW = /* GraphQL */ `mutation ($input: CreateReviewInput!) { createReview(input: $input) { id } }`;

async function brandAccount(displayName: string, bio: string | null = null): Promise<Account & { profileId: string }> {
  const acc = await registerAccount(app, 'brand');
  const res = await app.gql(CREATE_PROFILE, { input: { displayName, bio } }, acc.token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { ...acc, profileId: res.body.data.createProfile.id };
}

const pastBooking = (booker: Account, status = BookingStatus.COMPLETED, days = daysAgo++) =>
  insertBooking(app, { creatorId: creator.profileId, bookerId: booker.userId, start: hoursFromNow(app, -24 * days), status });

const readBrand = async (id: string) => {
  const res = await app.gql(BRAND, { id });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.brand;
};

beforeAll(async () => {
  app = await startTestApp();
  creator = await createCreator(app, { displayName: 'Reviewing Rae' });
  brand = await brandAccount('Acme Drinks', 'We make fizzy drinks for gamers.\nSponsoring streams since 2019.');
});
afterAll(() => app.close());

describe('a brand’s public profile', () => {
  it('is read signed out: name, about, member since, and only completed bookings counted', async () => {
    await pastBooking(brand, BookingStatus.COMPLETED);
    await pastBooking(brand, BookingStatus.AUTO_COMPLETED);
    await pastBooking(brand, BookingStatus.CANCELLED);
    await insertBooking(app, { creatorId: creator.profileId, bookerId: brand.userId, start: hoursFromNow(app, 48), status: BookingStatus.CONFIRMED });

    const read = await readBrand(brand.profileId);
    expect(read).toMatchObject({
      id: brand.profileId,
      userId: brand.userId,
      displayName: 'Acme Drinks',
      about: 'We make fizzy drinks for gamers.\nSponsoring streams since 2019.',
      avatarUrl: null,
      averageRating: 0,
      reviewCount: 0,
      completedBookings: 2,
    });
    expect(Number.isNaN(Date.parse(read.memberSince))).toBe(false);

    // The REST mirror says the same.
    const rest = await app.rest('GET', `/brands/${brand.profileId}`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({
      id: brand.profileId,
      display_name: 'Acme Drinks',
      about: read.about,
      average_rating: 0,
      review_count: 0,
      completed_bookings: 2,
      member_since: read.memberSince,
    });
  });

  it('rates the brand from revealed reviews only (double-blind)', async () => {
    const rated = await brandAccount('Rated Co');
    // A booking completed yesterday: the creator's review of the brand stays hidden until the brand writes theirs.
    const recent = await pastBooking(rated, BookingStatus.COMPLETED, 1);
    const hidden = await app.gql(CREATE_REVIEW, { input: { bookingId: recent, rating: 2, comment: 'Late brief' } }, creator.token);
    expect(hidden.body.errors).toBeUndefined();
    expect(await readBrand(rated.profileId)).toMatchObject({ averageRating: 0, reviewCount: 0 });
    expect((await app.rest('GET', `/brands/${rated.profileId}`)).body.data).toMatchObject({ average_rating: 0, review_count: 0 });

    // The brand reviews the creator: both are revealed, and the brand's rating counts the creator's.
    const back = await app.gql(CREATE_REVIEW, { input: { bookingId: recent, rating: 5 } }, rated.token);
    expect(back.body.errors).toBeUndefined();
    expect(await readBrand(rated.profileId)).toMatchObject({ averageRating: 2, reviewCount: 1 });

    // A booking completed over 14 days ago: the creator's review is public at once.
    const old = await pastBooking(rated, BookingStatus.COMPLETED);
    expect((await app.gql(CREATE_REVIEW, { input: { bookingId: old, rating: 4 } }, creator.token)).body.errors).toBeUndefined();
    expect(await readBrand(rated.profileId)).toMatchObject({ averageRating: 3, reviewCount: 2, completedBookings: 2 });
  });

  it('an unknown id, a creator’s id or a malformed id is NOT_FOUND with a clear message', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', creator.profileId, 'not-an-id']) {
      const res = await app.gql(BRAND, { id });
      expect(res.body.data).toBeNull();
      expect(errorCode(res.body)).toBe('NOT_FOUND');
      expect(errorMessage(res.body)).toBe('Brand not found');
      const rest = await app.rest('GET', `/brands/${id}`);
      expect(rest.status).toBe(404);
      expect(JSON.stringify(rest.body)).toContain('Brand not found');
    }
  });
});

describe('the brand on the creator’s booking cards and in the conversation header', () => {
  const CARDS = /* GraphQL */ `
    query ($first: Int!) {
      myBookings(first: $first, role: CREATOR) {
        edges { node { id brand { id displayName about avatarUrl(size: 64) averageRating reviewCount completedBookings } } }
      }
    }`;

  it('reads every card’s brand with the cards: as many statements for 10 cards as for 2', async () => {
    const c = await createCreator(app, { displayName: 'Busy Bea' });
    const brands = [];
    for (let i = 0; i < 10; i++) {
      const b = await brandAccount(`Brand ${i}`, `About brand ${i}`);
      brands.push(b);
      await insertBooking(app, { creatorId: c.profileId, bookerId: b.userId, start: hoursFromNow(app, -24 * (100 + i)), status: BookingStatus.COMPLETED });
    }
    const statements: number[] = [];
    for (const first of [2, 10]) {
      app.queries.length = 0;
      const res = await app.gql(CARDS, { first }, c.token);
      expect(res.body.errors).toBeUndefined();
      statements.push(app.queries.length);
      const edges = res.body.data.myBookings.edges;
      expect(edges).toHaveLength(first);
      for (const { node } of edges) {
        expect(brands.map((b) => b.profileId)).toContain(node.brand.id);
        expect(node.brand).toMatchObject({ displayName: expect.stringMatching(/^Brand \d$/), completedBookings: 1, reviewCount: 0 });
        expect(node.brand.about).toBe(`About ${node.brand.displayName.toLowerCase()}`);
      }
    }
    expect(statements[1]).toBe(statements[0]);
  });

  it('a booker without a brand profile has no brand on the card', async () => {
    const c = await createCreator(app, { displayName: 'Solo Sam' });
    const plain = await registerAccount(app, 'brand');
    await insertBooking(app, { creatorId: c.profileId, bookerId: plain.userId, start: hoursFromNow(app, -24 * 300), status: BookingStatus.COMPLETED });
    const res = await app.gql(CARDS, { first: 5 }, c.token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.myBookings.edges.map((e: any) => e.node.brand)).toEqual([null]);
  });

  it('the conversation’s client party carries its brand, batched across conversations', async () => {
    const c = await createCreator(app, { displayName: 'Chatty Cat' });
    const START = /* GraphQL */ `mutation ($creatorId: ID!, $body: String!) { startConversation(creatorId: $creatorId, text: $body) { id } }`;
    const talkers = [];
    for (let i = 0; i < 4; i++) {
      const b = await brandAccount(`Talker ${i}`, `Talker ${i} about`);
      talkers.push(b);
      const started = await app.gql(START, { creatorId: c.profileId, body: `Hello from talker ${i}` }, b.token);
      expect(started.body.errors).toBeUndefined();
    }
    const LIST = /* GraphQL */ `
      query { conversations(first: 10) { edges { node { otherParty { userId brand { id displayName about completedBookings } } } } } }`;
    app.queries.length = 0;
    const res = await app.gql(LIST, {}, c.token);
    expect(res.body.errors).toBeUndefined();
    const parties = res.body.data.conversations.edges.map((e: any) => e.node.otherParty);
    expect(parties).toHaveLength(4);
    for (const p of parties) {
      const t = talkers.find((x) => x.userId === p.userId)!;
      expect(p.brand).toMatchObject({ id: t.profileId, about: `${p.brand.displayName} about`, completedBookings: 0 });
    }
    const brandReads = app.queries.filter((q) => /from profiles p join users u/.test(q));
    expect(brandReads).toHaveLength(1);
  });
});

describe('brand pages in the sitemap', () => {
  it("lists every brand's page for search engines, not a suspended brand's", async () => {
    const gone = await brandAccount('Gone Brand');
    await app.orm.em.fork().getConnection().execute('update users set suspended_at = now() where id = ?', [gone.userId]);
    const res = await fetch(`${app.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`/brand/${brand.profileId}</loc>`);
    expect(xml).not.toContain(`/brand/${gone.profileId}`);
    expect(xml).not.toContain(`/brand/${creator.profileId}`);
  });
});
