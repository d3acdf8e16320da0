import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { brand, creator, markBooked, storedSlots } from './fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set(new Date('2027-03-01T12:00:00Z')); // Monday; "tomorrow" is Tuesday 2027-03-02
});
afterAll(() => app.close());

const CREATE = `mutation($input: CreateRecurringPatternInput!) {
  createRecurringPattern(input: $input) { id creatorId title daysOfWeek startTime endTime } }`;
const LIST = `query($id: ID!) { recurringPatterns(creatorId: $id) { id title daysOfWeek startTime endTime } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateRecurringPatternInput!) {
  updateRecurringPattern(id: $id, input: $input) { id title daysOfWeek startTime endTime } }`;
const DELETE = `mutation($id: ID!) { deleteRecurringPattern(id: $id) }`;
const GENERATE = `mutation($input: GenerateSlotsInput) { generateSlots(input: $input) { id creatorId startTime endTime isBooked } }`;

const WEEKDAYS = [1, 2, 3, 4, 5];
const errorOf = (res: { body: any }) => ({ code: res.body.errors?.[0]?.extensions?.code, message: res.body.errors?.[0]?.message });

async function pattern(token: string, input: Record<string, unknown> = {}) {
  const res = await app.gql(CREATE, { input: { title: 'Weekdays', daysOfWeek: WEEKDAYS, startTime: '09:00', endTime: '17:00', ...input } }, token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.createRecurringPattern;
}
const generate = (token: string, input?: Record<string, unknown>) => app.gql(GENERATE, { input }, token);

describe('GraphQL recurring schedules', () => {
  it('a creator creates weekly patterns, anyone lists them', async () => {
    const c = await creator(app);
    const created = await pattern(c.token, { title: 'Evenings', daysOfWeek: [5, 1, 1], startTime: '18:00', endTime: '22:00' });
    expect(created).toEqual({ id: expect.any(String), creatorId: c.profileId, title: 'Evenings', daysOfWeek: [1, 5], startTime: '18:00', endTime: '22:00' });
    const defaults = await pattern(c.token, { title: 'Default hours', startTime: null, endTime: null });
    expect(defaults).toMatchObject({ startTime: '09:00', endTime: '17:00' });
    const list = await app.gql(LIST, { id: c.profileId });
    expect(list.body.data.recurringPatterns.map((p: any) => p.title)).toEqual(['Evenings', 'Default hours']);
  });

  it.each([
    [{ title: '', daysOfWeek: [1] }, 'Please fill in title and select at least one day'],
    [{ title: 'No days', daysOfWeek: [] }, 'Please fill in title and select at least one day'],
    [{ title: 'Backwards', daysOfWeek: [1], startTime: '17:00', endTime: '09:00' }, 'End time must be after start time'],
    [{ title: 'Half hours', daysOfWeek: [1], startTime: '09:30', endTime: '17:00' }, 'Recurring schedules run on whole hours, e.g. 09:00 to 17:00'],
    [{ title: 'Day 7', daysOfWeek: [7] }, 'daysOfWeek must be a list of days 0-6 (0 = Sunday)'],
  ])('refuses %j with "%s"', async (input, message) => {
    const c = await creator(app);
    const res = await app.gql(CREATE, { input }, c.token);
    expect(errorOf(res)).toEqual({ code: 'BAD_USER_INPUT', message });
    expect((await app.gql(LIST, { id: c.profileId })).body.data.recurringPatterns).toEqual([]);
  });

  it('generateSlots fills 14 days from tomorrow with hourly slots, and a second run creates nothing', async () => {
    const c = await creator(app);
    await pattern(c.token);
    const first = await generate(c.token);
    const slots = first.body.data.generateSlots;
    // Tue 2 .. Mon 15 March: 10 weekdays of 8 hours.
    expect(slots).toHaveLength(80);
    expect(slots[0]).toMatchObject({ creatorId: c.profileId, startTime: '2027-03-02T09:00:00.000Z', endTime: '2027-03-02T10:00:00.000Z', isBooked: false });
    expect(slots.at(-1).startTime).toBe('2027-03-15T16:00:00.000Z');
    expect((await generate(c.token)).body.data.generateSlots).toEqual([]);
    const stored = await storedSlots(app, c.profileId);
    expect(stored).toHaveLength(80);
    expect(stored.every((s) => s.source === 'recurring' && s.patternId)).toBe(true);
  });

  it('generated slots never overlap existing ones, nor each other when patterns overlap', async () => {
    const c = await creator(app);
    await app.gql(`mutation { addAvailability(input: { date: "2027-03-02", startTime: "10:00", endTime: "11:00" }) { id } }`, {}, c.token);
    await pattern(c.token, { daysOfWeek: [2], startTime: '09:00', endTime: '12:00' });
    await pattern(c.token, { title: 'Overlapping', daysOfWeek: [2], startTime: '11:00', endTime: '13:00' });
    const res = await generate(c.token, { startDate: '2027-03-02', endDate: '2027-03-02' });
    expect(res.body.data.generateSlots.map((s: any) => s.startTime)).toEqual([
      '2027-03-02T09:00:00.000Z',
      '2027-03-02T11:00:00.000Z',
      '2027-03-02T12:00:00.000Z',
    ]);
    expect(await storedSlots(app, c.profileId)).toHaveLength(4);
  });

  it('a generated slot the creator deleted is not generated again', async () => {
    const c = await creator(app);
    await pattern(c.token, { daysOfWeek: [2], startTime: '09:00', endTime: '11:00' });
    const [first] = (await generate(c.token, { startDate: '2027-03-02', endDate: '2027-03-02' })).body.data.generateSlots;
    await app.gql(`mutation($id: ID!) { deleteAvailabilitySlot(id: $id) }`, { id: first.id }, c.token);
    expect((await generate(c.token, { startDate: '2027-03-02', endDate: '2027-03-02' })).body.data.generateSlots).toEqual([]);
    expect((await storedSlots(app, c.profileId)).map((s) => s.start)).toEqual(['2027-03-02T10:00:00.000Z']);
  });

  it('refuses a window over 31 days, a reversed window, and non-creators', async () => {
    const c = await creator(app);
    expect(errorOf(await generate(c.token, { startDate: '2027-03-02', endDate: '2027-04-02' }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Slots can be generated for at most 31 days at a time',
    });
    expect((await generate(c.token, { startDate: '2027-03-02', endDate: '2027-04-01' })).body.data.generateSlots).toEqual([]);
    expect(errorOf(await generate(c.token, { startDate: '2027-03-05', endDate: '2027-03-02' })).code).toBe('BAD_USER_INPUT');
    const b = await brand(app);
    expect(errorOf(await generate(b.token)).code).toBe('FORBIDDEN');
  });

  it('changing a pattern’s hours replaces its future free slots; booked ones stay', async () => {
    const c = await creator(app);
    const p = await pattern(c.token, { daysOfWeek: [2], startTime: '09:00', endTime: '12:00' });
    const generated = (await generate(c.token, { startDate: '2027-03-02', endDate: '2027-03-02' })).body.data.generateSlots;
    await markBooked(app, generated[0].id); // 09:00 is booked
    const res = await app.gql(UPDATE, { id: p.id, input: { startTime: '14:00', endTime: '16:00' } }, c.token);
    expect(res.body.data.updateRecurringPattern).toMatchObject({ title: 'Weekdays', daysOfWeek: [2], startTime: '14:00', endTime: '16:00' });
    const tuesdayMarch2 = (await storedSlots(app, c.profileId)).filter((s) => s.start.startsWith('2027-03-02'));
    expect(tuesdayMarch2.map((s) => [s.start, s.isBooked])).toEqual([
      ['2027-03-02T09:00:00.000Z', true],
      ['2027-03-02T14:00:00.000Z', false],
      ['2027-03-02T15:00:00.000Z', false],
    ]);
    const renamed = await app.gql(UPDATE, { id: p.id, input: { title: 'Tuesday afternoons' } }, c.token);
    expect(renamed.body.data.updateRecurringPattern).toMatchObject({ title: 'Tuesday afternoons', startTime: '14:00' });
    const bad = await app.gql(UPDATE, { id: p.id, input: { endTime: '13:00' } }, c.token);
    expect(errorOf(bad)).toEqual({ code: 'BAD_USER_INPUT', message: 'End time must be after start time' });
  });

  it('deleting a pattern removes its future free slots and keeps booked and manual ones', async () => {
    const c = await creator(app);
    const p = await pattern(c.token, { daysOfWeek: [2], startTime: '09:00', endTime: '12:00' });
    const generated = (await generate(c.token, { startDate: '2027-03-02', endDate: '2027-03-02' })).body.data.generateSlots;
    await markBooked(app, generated[1].id);
    await app.gql(`mutation { addAvailability(input: { date: "2027-03-02", startTime: "15:00", endTime: "16:00" }) { id } }`, {}, c.token);
    expect((await app.gql(DELETE, { id: p.id }, c.token)).body.data.deleteRecurringPattern).toBe(true);
    expect((await storedSlots(app, c.profileId)).map((s) => [s.start, s.isBooked])).toEqual([
      ['2027-03-02T10:00:00.000Z', true],
      ['2027-03-02T15:00:00.000Z', false],
    ]);
    expect((await app.gql(LIST, { id: c.profileId })).body.data.recurringPatterns).toEqual([]);
  });

  it('another creator cannot change or delete my pattern; nothing changes', async () => {
    const owner = await creator(app);
    const p = await pattern(owner.token);
    const other = await creator(app);
    const b = await brand(app);
    expect(errorOf(await app.gql(UPDATE, { id: p.id, input: { title: 'Mine now' } }, other.token))).toEqual({
      code: 'FORBIDDEN',
      message: 'You can only manage your own availability',
    });
    expect(errorOf(await app.gql(DELETE, { id: p.id }, other.token)).code).toBe('FORBIDDEN');
    expect(errorOf(await app.gql(DELETE, { id: p.id }, b.token)).code).toBe('FORBIDDEN');
    expect((await app.gql(LIST, { id: owner.profileId })).body.data.recurringPatterns).toEqual([
      { id: p.id, title: 'Weekdays', daysOfWeek: WEEKDAYS, startTime: '09:00', endTime: '17:00' },
    ]);
  });
});

describe('REST recurring schedules (/api/v1/availability/recurring, generate-slots)', () => {
  it('POST /availability/recurring creates; GET answers data.recurringAvailability', async () => {
    const c = await creator(app);
    const created = await app.rest(
      'POST',
      '/availability/recurring',
      { streamerId: c.profileId, title: 'Mornings', dayOfWeek: [0, 6], startTime: '08:00', endTime: '11:00' },
      c.token,
    );
    expect(created.status).toBe(201);
    const list = await app.rest('GET', `/availability/recurring/${c.profileId}?_=1`);
    expect(list.status).toBe(200);
    expect(list.body.data.recurringAvailability).toEqual([
      expect.objectContaining({ id: created.body.data.pattern.id, title: 'Mornings', day_of_week: [0, 6], start_time: '08:00', end_time: '11:00' }),
    ]);
  });

  it('answers the spec’s messages with 400, and 403 for another creator’s streamerId', async () => {
    const c = await creator(app);
    const other = await creator(app);
    const post = (body: Record<string, unknown>) => app.rest('POST', '/availability/recurring', { streamerId: c.profileId, ...body }, c.token);
    expect((await post({ title: 'x', dayOfWeek: [] })).body).toMatchObject({ error: 'Please fill in title and select at least one day' });
    expect((await post({ dayOfWeek: [1] })).body).toMatchObject({ error: 'Please fill in title and select at least one day' });
    const backwards = await post({ title: 'x', dayOfWeek: [1], startTime: '12:00', endTime: '11:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('End time must be after start time');
    const foreign = await app.rest('POST', '/availability/recurring', { streamerId: other.profileId, title: 'x', dayOfWeek: [1] }, c.token);
    expect(foreign.status).toBe(403);
    expect((await app.rest('GET', `/availability/recurring/${other.profileId}`)).body.data.recurringAvailability).toEqual([]);
  });

  it('PUT and DELETE /availability/recurring/{id}, owner only', async () => {
    const c = await creator(app);
    const other = await creator(app);
    const { id } = (await app.rest('POST', '/availability/recurring', { title: 'x', dayOfWeek: [1] }, c.token)).body.data.pattern;
    expect((await app.rest('PUT', `/availability/recurring/${id}`, { title: 'y' }, other.token)).status).toBe(403);
    expect((await app.rest('PUT', `/availability/recurring/${id}`, { title: ' ' }, c.token)).body.error).toBe(
      'Please fill in title and select at least one day',
    );
    const put = await app.rest('PUT', `/availability/recurring/${id}`, { dayOfWeek: 3, endTime: '18:00' }, c.token);
    expect(put.status).toBe(200);
    expect(put.body.data.pattern).toMatchObject({ title: 'x', day_of_week: [3], start_time: '09:00', end_time: '18:00' });
    expect((await app.rest('DELETE', `/availability/recurring/${id}`, undefined, other.token)).status).toBe(403);
    expect((await app.rest('DELETE', `/availability/recurring/${id}`, undefined, c.token)).body).toEqual({ success: true, data: { deleted: true } });
    expect((await app.rest('GET', `/availability/recurring/${c.profileId}`)).body.data.recurringAvailability).toEqual([]);
  });

  it('POST /availability/generate-slots answers the generated slots (slot_start, slot_end)', async () => {
    const c = await creator(app, 'Asia/Kolkata');
    await app.rest('POST', '/availability/recurring', { title: 'x', dayOfWeek: [3], startTime: '10:00', endTime: '12:00' }, c.token);
    const body = { streamerId: c.profileId, startDate: '2027-03-03', endDate: '2027-03-10', slotDuration: 1 };
    const res = await app.rest('POST', '/availability/generate-slots', body, c.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: expect.any(String), slot_start: '2027-03-03T04:30:00.000Z', slot_end: '2027-03-03T05:30:00.000Z' },
      { id: expect.any(String), slot_start: '2027-03-03T05:30:00.000Z', slot_end: '2027-03-03T06:30:00.000Z' },
      { id: expect.any(String), slot_start: '2027-03-10T04:30:00.000Z', slot_end: '2027-03-10T05:30:00.000Z' },
      { id: expect.any(String), slot_start: '2027-03-10T05:30:00.000Z', slot_end: '2027-03-10T06:30:00.000Z' },
    ]);
    expect((await app.rest('POST', '/availability/generate-slots', body, c.token)).body.data).toEqual([]);
    const twoHours = await app.rest('POST', '/availability/generate-slots', { ...body, slotDuration: 2 }, c.token);
    expect(twoHours.status).toBe(400);
    expect(twoHours.body.error).toBe('slotDuration must be 1 (slots are one hour long)');
    const other = await creator(app);
    expect((await app.rest('POST', '/availability/generate-slots', body, other.token)).status).toBe(403);
  });
});

describe('daily job refresh-recurring-slots', () => {
  it('fills the next 14 days for every creator with patterns, and a second run adds nothing', async () => {
    const ny = await creator(app, 'America/New_York');
    const kolkata = await creator(app, 'Asia/Kolkata');
    const idle = await creator(app);
    await pattern(ny.token);
    await pattern(kolkata.token, { daysOfWeek: [0, 1, 2, 3, 4, 5, 6], startTime: '10:00', endTime: '12:00' });

    await app.server.jobs.runAll(app.clock.now());
    const nySlots = await storedSlots(app, ny.profileId);
    expect(nySlots).toHaveLength(80);
    expect(nySlots[0].start).toBe('2027-03-02T14:00:00.000Z'); // 09:00 EST
    expect(nySlots.at(-1)!.start).toBe('2027-03-15T20:00:00.000Z'); // 16:00 EDT, after the DST change
    const kSlots = await storedSlots(app, kolkata.profileId);
    expect(kSlots).toHaveLength(28);
    expect(kSlots[0].start).toBe('2027-03-02T04:30:00.000Z');
    expect(await storedSlots(app, idle.profileId)).toEqual([]);

    await app.server.jobs.runAll(app.clock.now());
    expect(await storedSlots(app, ny.profileId)).toHaveLength(80);
    expect(await storedSlots(app, kolkata.profileId)).toHaveLength(28);
  });

  it('a day later the job adds just the new day', async () => {
    const c = await creator(app);
    await pattern(c.token, { daysOfWeek: [0, 1, 2, 3, 4, 5, 6], startTime: '09:00', endTime: '10:00' });
    await app.server.jobs.run('refresh-recurring-slots', new Date('2027-03-01T12:00:00Z'));
    expect(await storedSlots(app, c.profileId)).toHaveLength(14);
    await app.server.jobs.run('refresh-recurring-slots', new Date('2027-03-02T12:00:00Z'));
    const slots = await storedSlots(app, c.profileId);
    expect(slots).toHaveLength(15);
    expect(slots.at(-1)!.start).toBe('2027-03-16T09:00:00.000Z');
  });
});
