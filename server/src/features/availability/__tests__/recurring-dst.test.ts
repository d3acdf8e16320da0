import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { creator, storedSlots } from './fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Creates an every-day 09:00-17:00 pattern for a new creator in `zone` and generates the window. */
async function nineToFive(zone: string, startDate: string, endDate: string, hours = { startTime: '09:00', endTime: '17:00' }) {
  const c = await creator(app, zone);
  const created = await app.gql(
    `mutation($input: CreateRecurringPatternInput!) { createRecurringPattern(input: $input) { id } }`,
    { input: { title: 'Every day', daysOfWeek: EVERY_DAY, ...hours } },
    c.token,
  );
  expect(created.body.errors).toBeUndefined();
  const res = await app.gql(
    `mutation($input: GenerateSlotsInput) { generateSlots(input: $input) { startTime endTime } }`,
    { input: { startDate, endDate } },
    c.token,
  );
  expect(res.body.errors).toBeUndefined();
  expect(await storedSlots(app, c.profileId)).toHaveLength(res.body.data.generateSlots.length);
  return res.body.data.generateSlots as { startTime: string; endTime: string }[];
}

/** Slots per local day as local "HH:mm" start times, plus each slot's length in minutes. */
function byLocalDay(slots: { startTime: string; endTime: string }[], zone: string) {
  const days: Record<string, string[]> = {};
  for (const s of slots) {
    const start = DateTime.fromISO(s.startTime, { zone });
    expect(DateTime.fromISO(s.endTime).diff(DateTime.fromISO(s.startTime), 'minutes').minutes).toBe(60);
    (days[start.toISODate()!] ??= []).push(start.toFormat('HH:mm'));
  }
  return days;
}

const EIGHT_HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
const expectNineToFiveEachDay = (days: Record<string, string[]>, dates: string[]) => {
  expect(Object.keys(days)).toEqual(dates);
  for (const date of dates) expect(days[date]).toEqual(EIGHT_HOURS);
};

describe('recurring schedules across daylight saving changes (luxon)', () => {
  it('America/New_York, spring 2027 (14 March): 8 slots at 09:00-16:00 local every day', async () => {
    app.clock.set(new Date('2027-03-08T12:00:00Z'));
    const slots = await nineToFive('America/New_York', '2027-03-12', '2027-03-16');
    expectNineToFiveEachDay(byLocalDay(slots, 'America/New_York'), ['2027-03-12', '2027-03-13', '2027-03-14', '2027-03-15', '2027-03-16']);
    expect(slots.find((s) => s.startTime.startsWith('2027-03-13'))!.startTime).toBe('2027-03-13T14:00:00.000Z'); // EST
    expect(slots.find((s) => s.startTime.startsWith('2027-03-14'))!.startTime).toBe('2027-03-14T13:00:00.000Z'); // EDT
  });

  it('Europe/Berlin, spring 2027 (28 March): 8 slots at 09:00-16:00 local every day', async () => {
    app.clock.set(new Date('2027-03-20T12:00:00Z'));
    const slots = await nineToFive('Europe/Berlin', '2027-03-26', '2027-03-30');
    expectNineToFiveEachDay(byLocalDay(slots, 'Europe/Berlin'), ['2027-03-26', '2027-03-27', '2027-03-28', '2027-03-29', '2027-03-30']);
    expect(slots.find((s) => s.startTime.startsWith('2027-03-27'))!.startTime).toBe('2027-03-27T08:00:00.000Z'); // CET
    expect(slots.find((s) => s.startTime.startsWith('2027-03-28'))!.startTime).toBe('2027-03-28T07:00:00.000Z'); // CEST
  });

  it('Europe/Berlin, autumn 2027 (31 October): 8 slots at 09:00-16:00 local every day', async () => {
    app.clock.set(new Date('2027-10-20T12:00:00Z'));
    const slots = await nineToFive('Europe/Berlin', '2027-10-29', '2027-11-02');
    expectNineToFiveEachDay(byLocalDay(slots, 'Europe/Berlin'), ['2027-10-29', '2027-10-30', '2027-10-31', '2027-11-01', '2027-11-02']);
    expect(slots.find((s) => s.startTime.startsWith('2027-10-30'))!.startTime).toBe('2027-10-30T07:00:00.000Z'); // CEST
    expect(slots.find((s) => s.startTime.startsWith('2027-10-31'))!.startTime).toBe('2027-10-31T08:00:00.000Z'); // CET
  });

  it('America/New_York, autumn 2027 (7 November): 8 slots at 09:00-16:00 local every day', async () => {
    app.clock.set(new Date('2027-11-01T12:00:00Z'));
    const slots = await nineToFive('America/New_York', '2027-11-05', '2027-11-09');
    expectNineToFiveEachDay(byLocalDay(slots, 'America/New_York'), ['2027-11-05', '2027-11-06', '2027-11-07', '2027-11-08', '2027-11-09']);
    expect(slots.find((s) => s.startTime.startsWith('2027-11-06'))!.startTime).toBe('2027-11-06T13:00:00.000Z'); // EDT
    expect(slots.find((s) => s.startTime.startsWith('2027-11-07'))!.startTime).toBe('2027-11-07T14:00:00.000Z'); // EST
  });

  it('skips the local hour that does not exist in the spring gap', async () => {
    app.clock.set(new Date('2027-03-08T12:00:00Z'));
    const slots = await nineToFive('America/New_York', '2027-03-14', '2027-03-14', { startTime: '00:00', endTime: '04:00' });
    expect(byLocalDay(slots, 'America/New_York')).toEqual({ '2027-03-14': ['00:00', '01:00', '03:00'] });
  });

  it('the default window starts tomorrow in the creator’s zone, not in UTC', async () => {
    // 20:00 UTC on Monday 8 March is already Tuesday 01:30 in Kolkata: tomorrow there is Wednesday 10 March.
    app.clock.set(new Date('2027-03-08T20:00:00Z'));
    const c = await creator(app, 'Asia/Kolkata');
    await app.gql(
      `mutation { createRecurringPattern(input: { title: "Mornings", daysOfWeek: [0,1,2,3,4,5,6], startTime: "09:00", endTime: "11:00" }) { id } }`,
      {},
      c.token,
    );
    const res = await app.gql(`mutation { generateSlots { startTime } }`, {}, c.token);
    const starts = res.body.data.generateSlots.map((s: { startTime: string }) => s.startTime);
    expect(starts).toHaveLength(28);
    expect(starts[0]).toBe('2027-03-10T03:30:00.000Z'); // 09:00 IST on Wednesday
    expect(starts.at(-1)).toBe('2027-03-23T04:30:00.000Z');
  });
});
