import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { brand, creator, markBooked, storedSlots } from './fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set(new Date('2027-03-01T12:00:00Z'));
});
afterAll(() => app.close());

describe('REST availability slots (/api/v1/availability)', () => {
  it('POST /availability stores the range as hourly slots; GET /availability/slots/{id} answers data.slots in snake_case', async () => {
    const c = await creator(app, 'America/New_York');
    const created = await app.rest(
      'POST',
      '/availability',
      { streamer_id: c.profileId, start_time: '2027-03-02T15:00:00Z', end_time: '2027-03-02T17:00:00Z' },
      c.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.data.slots).toHaveLength(2);

    const list = await app.rest('GET', `/availability/slots/${c.profileId}?_=${Date.now()}&t=1`);
    expect(list.status).toBe(200);
    expect(list.body.data.slots).toEqual([
      {
        id: expect.any(String),
        streamer_id: c.profileId,
        start_time: '2027-03-02T15:00:00.000Z',
        end_time: '2027-03-02T16:00:00.000Z',
        is_booked: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      expect.objectContaining({ start_time: '2027-03-02T16:00:00.000Z', end_time: '2027-03-02T17:00:00.000Z' }),
    ]);
  });

  it('POST /availability takes the form’s date with local HH:MM times', async () => {
    const c = await creator(app, 'Europe/Berlin');
    const res = await app.rest('POST', '/availability', { streamer_id: c.profileId, date: '2027-03-02', start_time: '09:00', end_time: '10:00' }, c.token);
    expect(res.status).toBe(201);
    expect(res.body.data.slots[0]).toMatchObject({ start_time: '2027-03-02T08:00:00.000Z', end_time: '2027-03-02T09:00:00.000Z' });
  });

  it('answers the spec’s messages with 400 and stores nothing', async () => {
    const c = await creator(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ start_time: '10:00', end_time: '11:00' }, 'Please select a date first'],
      [{ date: '2027-03-02', end_time: '11:00' }, 'Please fill in both start and end times'],
      [{ start_time: '2027-03-02T11:00:00Z', end_time: '2027-03-02T10:00:00Z' }, 'End time must be after start time'],
      [{ start_time: '2027-02-27T10:00:00Z', end_time: '2027-02-27T11:00:00Z' }, 'Cannot create slots in the past'],
    ];
    for (const [body, message] of cases) {
      const res = await app.rest('POST', '/availability', { streamer_id: c.profileId, ...body }, c.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: message, code: 'BAD_USER_INPUT' });
    }
    expect(await storedSlots(app, c.profileId)).toEqual([]);
  });

  it('refuses slots for another creator’s profile with 403 and stores nothing', async () => {
    const me = await creator(app);
    const other = await creator(app);
    const res = await app.rest(
      'POST',
      '/availability',
      { streamer_id: other.profileId, start_time: '2027-03-02T10:00:00Z', end_time: '2027-03-02T11:00:00Z' },
      me.token,
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You can only manage your own availability');
    expect(await storedSlots(app, other.profileId)).toEqual([]);
    expect(await storedSlots(app, me.profileId)).toEqual([]);
  });

  it('two overlapping adds racing in parallel: exactly one succeeds (database constraint)', async () => {
    const c = await creator(app);
    const body = (start: string, end: string) => ({ streamer_id: c.profileId, start_time: start, end_time: end });
    const results = await Promise.all([
      app.rest('POST', '/availability', body('2027-03-05T10:00:00Z', '2027-03-05T13:00:00Z'), c.token),
      app.rest('POST', '/availability', body('2027-03-05T12:00:00Z', '2027-03-05T15:00:00Z'), c.token),
      app.rest('POST', '/availability', body('2027-03-05T12:00:00Z', '2027-03-05T15:00:00Z'), c.token),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('These times overlap an existing availability slot');
    expect(await storedSlots(app, c.profileId)).toHaveLength(3);
  });

  it('PUT /availability/{id} moves a free slot; DELETE /availability/{id} removes it; only the owner may', async () => {
    const c = await creator(app);
    const other = await creator(app);
    const [slot] = (
      await app.rest('POST', '/availability', { streamer_id: c.profileId, start_time: '2027-03-02T10:00:00Z', end_time: '2027-03-02T11:00:00Z' }, c.token)
    ).body.data.slots;

    const foreign = await app.rest('PUT', `/availability/${slot.id}`, { start_time: '2027-03-02T12:00:00Z', end_time: '2027-03-02T13:00:00Z' }, other.token);
    expect(foreign.status).toBe(403);
    expect((await app.rest('DELETE', `/availability/${slot.id}`, undefined, other.token)).status).toBe(403);

    const moved = await app.rest('PUT', `/availability/${slot.id}`, { start_time: '2027-03-02T12:00:00Z', end_time: '2027-03-02T13:00:00Z' }, c.token);
    expect(moved.status).toBe(200);
    expect(moved.body.data.slot).toMatchObject({ id: slot.id, start_time: '2027-03-02T12:00:00.000Z', end_time: '2027-03-02T13:00:00.000Z' });

    const deleted = await app.rest('DELETE', `/availability/${slot.id}`, undefined, c.token);
    expect(deleted).toEqual({ status: 200, body: { success: true, data: { deleted: true } } });
    expect(await storedSlots(app, c.profileId)).toEqual([]);
    expect((await app.rest('DELETE', `/availability/${slot.id}`, undefined, c.token)).status).toBe(404);
    expect((await app.rest('DELETE', '/availability/not-an-id', undefined, c.token)).status).toBe(404);
  });

  it('DELETE of a booked slot answers 409 "A booked slot cannot be deleted"', async () => {
    const c = await creator(app);
    const [slot] = (
      await app.rest('POST', '/availability', { streamer_id: c.profileId, start_time: '2027-03-02T10:00:00Z', end_time: '2027-03-02T11:00:00Z' }, c.token)
    ).body.data.slots;
    await markBooked(app, slot.id);
    const res = await app.rest('DELETE', `/availability/${slot.id}`, undefined, c.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A booked slot cannot be deleted');
    expect(await storedSlots(app, c.profileId)).toHaveLength(1);
  });

  it('a brand gets 403 and an anonymous caller 401 when adding', async () => {
    const b = await brand(app);
    const body = { start_time: '2027-03-02T10:00:00Z', end_time: '2027-03-02T11:00:00Z' };
    expect((await app.rest('POST', '/availability', body, b.token)).status).toBe(403);
    expect((await app.rest('POST', '/availability', body)).status).toBe(401);
  });

  it('GET /availability/slots for an unknown streamer is 404', async () => {
    const res = await app.rest('GET', '/availability/slots/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Streamer not found');
  });
});
