import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { brand, creator, insertSlot, markBooked, storedSlots } from './fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set(new Date('2027-03-01T12:00:00Z')); // a Monday, noon UTC
});
afterAll(() => app.close());

const ADD = `mutation($input: AddAvailabilityInput!) { addAvailability(input: $input) { id creatorId startTime endTime isBooked } }`;
const LIST = `query($id: ID!, $from: DateTimeISO, $to: DateTimeISO) {
  availabilitySlots(creatorId: $id, from: $from, to: $to) { id creatorId startTime endTime isBooked } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateAvailabilitySlotInput!) { updateAvailabilitySlot(id: $id, input: $input) { id startTime endTime } }`;
const DELETE = `mutation($id: ID!) { deleteAvailabilitySlot(id: $id) }`;

const add = (token: string | undefined, input: Record<string, unknown>) => app.gql(ADD, { input }, token);
const errorOf = (res: { body: any }) => ({ code: res.body.errors?.[0]?.extensions?.code, message: res.body.errors?.[0]?.message });

describe('GraphQL availability slots', () => {
  it('a creator adds a range of one day and gets one slot per hour', async () => {
    const c = await creator(app);
    const res = await add(c.token, { date: '2027-03-02', startTime: '10:00', endTime: '12:00' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.addAvailability).toEqual([
      { id: expect.any(String), creatorId: c.profileId, startTime: '2027-03-02T10:00:00.000Z', endTime: '2027-03-02T11:00:00.000Z', isBooked: false },
      { id: expect.any(String), creatorId: c.profileId, startTime: '2027-03-02T11:00:00.000Z', endTime: '2027-03-02T12:00:00.000Z', isBooked: false },
    ]);
  });

  it('a creator in Asia/Kolkata (+05:30) gets slots on the local hour, i.e. at :30 UTC', async () => {
    const c = await creator(app, 'Asia/Kolkata');
    const res = await add(c.token, { date: '2027-03-02', startTime: '10:00', endTime: '12:00' });
    expect(res.body.data.addAvailability.map((s: any) => s.startTime)).toEqual(['2027-03-02T04:30:00.000Z', '2027-03-02T05:30:00.000Z']);
    const instants = await add(c.token, { startTime: '2027-03-03T04:30:00Z', endTime: '2027-03-03T05:30:00Z' });
    expect(instants.body.data.addAvailability).toHaveLength(1);
    const offHour = await add(c.token, { startTime: '2027-03-04T04:00:00Z', endTime: '2027-03-04T05:00:00Z' });
    expect(errorOf(offHour)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Slots start and end on the hour in your time zone (Asia/Kolkata), e.g. 10:00 to 12:00',
    });
    expect(await storedSlots(app, c.profileId)).toHaveLength(3);
  });

  it.each([
    [{ startTime: '10:00', endTime: '11:00' }, 'Please select a date first'],
    [{ date: '2027-03-02', startTime: '10:00' }, 'Please fill in both start and end times'],
    [{ date: '2027-03-02', startTime: '', endTime: '11:00' }, 'Please fill in both start and end times'],
    [{ date: '2027-03-02', startTime: '11:00', endTime: '10:00' }, 'End time must be after start time'],
    [{ date: '2027-03-02', startTime: '10:00', endTime: '10:00' }, 'End time must be after start time'],
    [{ date: '2027-02-28', startTime: '10:00', endTime: '11:00' }, 'Cannot create slots in the past'],
    [{ date: '2027-03-01', startTime: '09:00', endTime: '10:00' }, 'Cannot create slots in the past'],
    [{ date: '2027-03-02', startTime: '10:30', endTime: '11:30' }, 'Slots start and end on the hour in your time zone (UTC), e.g. 10:00 to 12:00'],
    [{ startTime: '2027-03-02T22:00:00Z', endTime: '2027-03-03T02:00:00Z' }, 'A range of slots must stay within one day'],
    [{ date: '2027-03-02', startTime: 'ten', endTime: '11:00' }, 'startTime must be HH:MM or an ISO-8601 date-time'],
  ])('refuses %j with "%s" and stores nothing', async (input, message) => {
    const c = await creator(app);
    const res = await add(c.token, input);
    expect(errorOf(res)).toEqual({ code: 'BAD_USER_INPUT', message });
    expect(await storedSlots(app, c.profileId)).toEqual([]);
  });

  it('a range overlapping an existing slot is refused as a whole', async () => {
    const c = await creator(app);
    await add(c.token, { date: '2027-03-02', startTime: '10:00', endTime: '12:00' });
    const res = await add(c.token, { date: '2027-03-02', startTime: '11:00', endTime: '14:00' });
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: 'These times overlap an existing availability slot' });
    expect((await storedSlots(app, c.profileId)).map((s) => s.start)).toEqual(['2027-03-02T10:00:00.000Z', '2027-03-02T11:00:00.000Z']);
  });

  it('only signed-in creators can add slots', async () => {
    const b = await brand(app);
    expect(errorOf(await add(b.token, { date: '2027-03-02', startTime: '10:00', endTime: '11:00' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only creators can manage availability',
    });
    expect(errorOf(await add(undefined, { date: '2027-03-02', startTime: '10:00', endTime: '11:00' })).code).toBe('UNAUTHENTICATED');
  });

  it('anyone lists a creator’s free and booked slots in time order, optionally within a range', async () => {
    const c = await creator(app);
    await add(c.token, { date: '2027-03-03', startTime: '08:00', endTime: '09:00' });
    const [first] = (await add(c.token, { date: '2027-03-02', startTime: '14:00', endTime: '16:00' })).body.data.addAvailability;
    await markBooked(app, first.id);
    const all = await app.gql(LIST, { id: c.profileId });
    expect(all.body.data.availabilitySlots.map((s: any) => [s.startTime, s.isBooked])).toEqual([
      ['2027-03-02T14:00:00.000Z', true],
      ['2027-03-02T15:00:00.000Z', false],
      ['2027-03-03T08:00:00.000Z', false],
    ]);
    const ranged = await app.gql(LIST, { id: c.profileId, from: '2027-03-02T15:00:00Z', to: '2027-03-03T00:00:00Z' });
    expect(ranged.body.data.availabilitySlots.map((s: any) => s.startTime)).toEqual(['2027-03-02T15:00:00.000Z']);
    expect(errorOf(await app.gql(LIST, { id: '00000000-0000-4000-8000-000000000000' }))).toEqual({ code: 'NOT_FOUND', message: 'Streamer not found' });
  });

  it('a listing covers at most 92 days: by default from now (slots under way included), else around the given bound', async () => {
    const c = await creator(app);
    // Booked hours: a free one is listed only while bookable (not started, within 90 days), see scheduling.test.ts.
    for (const start of ['2027-03-01T10:00:00Z', '2027-03-01T11:30:00Z', '2027-03-02T09:00:00Z', '2027-05-31T11:00:00Z', '2027-06-01T13:00:00Z']) {
      await markBooked(app, await insertSlot(app, c.profileId, start));
    }
    const starts = (res: { body: any }) => res.body.data.availabilitySlots.map((s: any) => s.startTime);
    // now = 2027-03-01 12:00: the 10:00 slot is over, the 11:30 one is under way, 1 June 13:00 is over 92 days on.
    expect(starts(await app.gql(LIST, { id: c.profileId }))).toEqual(['2027-03-01T11:30:00.000Z', '2027-03-02T09:00:00.000Z', '2027-05-31T11:00:00.000Z']);
    expect(starts(await app.gql(LIST, { id: c.profileId, from: '2027-03-01T00:00:00Z' }))).toEqual([
      '2027-03-01T10:00:00.000Z',
      '2027-03-01T11:30:00.000Z',
      '2027-03-02T09:00:00.000Z',
      '2027-05-31T11:00:00.000Z',
    ]);
    expect(starts(await app.gql(LIST, { id: c.profileId, to: '2027-06-01T14:00:00Z' }))).toEqual(['2027-03-02T09:00:00.000Z', '2027-05-31T11:00:00.000Z', '2027-06-01T13:00:00.000Z']);
  });

  it('a listing window over 92 days, or one that ends before it starts, is refused with a clear message', async () => {
    const c = await creator(app);
    expect(errorOf(await app.gql(LIST, { id: c.profileId, from: '2027-03-01T00:00:00Z', to: '2027-06-02T00:00:00Z' }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Slots can be listed for at most 92 days at a time: narrow from/to',
    });
    expect(errorOf(await app.gql(LIST, { id: c.profileId, from: '2027-03-02T00:00:00Z', to: '2027-03-02T00:00:00Z' }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: '`to` must be after `from`',
    });
    expect((await app.rest('GET', `/availability/slots/${c.profileId}?from=2027-01-01T00:00:00Z&to=2027-12-31T00:00:00Z`)).status).toBe(400);
  });

  it('a creator deletes a free future slot of theirs', async () => {
    const c = await creator(app);
    const [slot] = (await add(c.token, { date: '2027-03-02', startTime: '10:00', endTime: '11:00' })).body.data.addAvailability;
    const res = await app.gql(DELETE, { id: slot.id }, c.token);
    expect(res.body.data.deleteAvailabilitySlot).toBe(true);
    expect(await storedSlots(app, c.profileId)).toEqual([]);
  });

  it('a brand cannot delete another creator’s slot, nor can another creator; nothing changes', async () => {
    const owner = await creator(app);
    const [slot] = (await add(owner.token, { date: '2027-03-02', startTime: '10:00', endTime: '11:00' })).body.data.addAvailability;
    const b = await brand(app);
    const other = await creator(app);
    expect(errorOf(await app.gql(DELETE, { id: slot.id }, b.token)).code).toBe('FORBIDDEN');
    expect(errorOf(await app.gql(DELETE, { id: slot.id }, other.token))).toEqual({ code: 'FORBIDDEN', message: 'You can only manage your own availability' });
    expect(errorOf(await app.gql(UPDATE, { id: slot.id, input: { date: '2027-03-02', startTime: '15:00', endTime: '16:00' } }, other.token)).code).toBe('FORBIDDEN');
    expect((await storedSlots(app, owner.profileId)).map((s) => s.start)).toEqual(['2027-03-02T10:00:00.000Z']);
  });

  it('a booked slot cannot be deleted or changed, a past slot neither', async () => {
    const c = await creator(app);
    const [slot] = (await add(c.token, { date: '2027-03-02', startTime: '10:00', endTime: '11:00' })).body.data.addAvailability;
    await markBooked(app, slot.id);
    expect(errorOf(await app.gql(DELETE, { id: slot.id }, c.token))).toEqual({ code: 'CONFLICT', message: 'A booked slot cannot be deleted' });
    const move = { id: slot.id, input: { date: '2027-03-02', startTime: '15:00', endTime: '16:00' } };
    expect(errorOf(await app.gql(UPDATE, move, c.token))).toEqual({ code: 'CONFLICT', message: 'A booked slot cannot be changed' });
    const past = await insertSlot(app, c.profileId, '2027-03-01T08:00:00Z');
    expect(errorOf(await app.gql(DELETE, { id: past }, c.token))).toEqual({ code: 'CONFLICT', message: 'A past slot cannot be deleted' });
    expect(await storedSlots(app, c.profileId)).toHaveLength(2);
  });

  it('a creator moves a free slot to another free hour; it stays one aligned hour and never overlaps', async () => {
    const c = await creator(app, 'Asia/Kolkata');
    const [a, b] = (await add(c.token, { date: '2027-03-02', startTime: '10:00', endTime: '12:00' })).body.data.addAvailability;
    const moved = await app.gql(UPDATE, { id: a.id, input: { date: '2027-03-02', startTime: '15:00', endTime: '16:00' } }, c.token);
    expect(moved.body.data.updateAvailabilitySlot).toEqual({ id: a.id, startTime: '2027-03-02T09:30:00.000Z', endTime: '2027-03-02T10:30:00.000Z' });
    const twoHours = await app.gql(UPDATE, { id: b.id, input: { date: '2027-03-02', startTime: '17:00', endTime: '19:00' } }, c.token);
    expect(errorOf(twoHours)).toEqual({ code: 'BAD_USER_INPUT', message: 'A slot is exactly one hour long' });
    const onto = await app.gql(UPDATE, { id: b.id, input: { date: '2027-03-02', startTime: '15:00', endTime: '16:00' } }, c.token);
    expect(errorOf(onto)).toEqual({ code: 'CONFLICT', message: 'These times overlap an existing availability slot' });
    expect((await storedSlots(app, c.profileId)).map((s) => s.start)).toEqual(['2027-03-02T05:30:00.000Z', '2027-03-02T09:30:00.000Z']);
  });

  it('publishes slotsChanged after each change', async () => {
    const c = await creator(app);
    const seen: string[] = [];
    const off = app.server.deps.events.subscribe('slotsChanged', (e) => seen.push(e.creatorId));
    try {
      const [slot] = (await add(c.token, { date: '2027-03-02', startTime: '10:00', endTime: '11:00' })).body.data.addAvailability;
      await app.gql(DELETE, { id: slot.id }, c.token);
      await add(c.token, { date: '2027-03-02', startTime: '11:00', endTime: '10:00' }); // refused: no event
    } finally {
      off();
    }
    expect(seen.filter((id) => id === c.profileId)).toHaveLength(2);
  });
});
