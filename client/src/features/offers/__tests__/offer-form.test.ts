import { describe, expect, it } from 'vitest';
import { draftFromOffer, draftTotal, emptyDraft, toOfferInput, type OfferDraft } from '../lib/offer-form';

const draft = (patch: Partial<OfferDraft>): OfferDraft => ({ ...emptyDraft(), ...patch });

describe('the offer form', () => {
  it('totals the valid lines in cents', () => {
    expect(draftTotal([{ label: 'Segment', quantity: '1', price: '300' }, { label: 'Clip', quantity: '3', price: '49.99' }, { label: 'x', quantity: 'two', price: '5' }])).toBe(30_000 + 3 * 4999);
  });

  it('turns a due-date offer into terms: the end of the day in the reader’s zone', () => {
    const parsed = toOfferInput(draft({ items: [{ label: ' Three clips ', quantity: '3', price: '50' }], dueDate: '2027-03-10', expiryHours: '48' }), 'Europe/Berlin');
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.input.items).toEqual([{ label: 'Three clips', quantity: 3, unitPriceCents: 5000 }]);
    expect(parsed.input.dueAt).toBe('2027-03-10T22:59:00.000Z');
    expect(parsed.input.startTime).toBeUndefined();
  });

  it('a live offer has whole hours and never stays open past its start', () => {
    const parsed = toOfferInput(draft({ items: [{ label: 'Co-stream', quantity: '2', price: '80' }], mode: 'time', startDate: '2027-03-10', startTime: '18:00', hours: '2', expiryHours: '168' }), 'UTC');
    if ('error' in parsed) throw new Error(parsed.error);
    expect([parsed.input.startTime, parsed.input.endTime]).toEqual(['2027-03-10T18:00:00.000Z', '2027-03-10T20:00:00.000Z']);
    expect(Date.parse(parsed.input.expiresAt!)).toBeLessThanOrEqual(Date.parse('2027-03-10T18:00:00.000Z'));
  });

  it('names the line or the field that is wrong', () => {
    expect(toOfferInput(draft({ items: [{ label: '', quantity: '1', price: '5' }], dueDate: '2027-01-01' }), 'UTC')).toEqual({ error: 'Line 1: say what it is' });
    expect(toOfferInput(draft({ items: [{ label: 'a', quantity: '0', price: '5' }], dueDate: '2027-01-01' }), 'UTC')).toEqual({ error: 'Line 1: the quantity is a whole number from 1' });
    expect(toOfferInput(draft({ items: [{ label: 'a', quantity: '1', price: '5.123' }], dueDate: '2027-01-01' }), 'UTC')).toEqual({ error: 'Line 1: the price is an amount in dollars, e.g. 150 or 149.99' });
    expect(toOfferInput(draft({ items: [{ label: 'a', quantity: '1', price: '0' }], dueDate: '2027-01-01' }), 'UTC')).toEqual({ error: 'The offer must cost something' });
    expect(toOfferInput(draft({ items: [{ label: 'a', quantity: '1', price: '5' }] }), 'UTC')).toEqual({ error: 'Pick a due date' });
    expect(toOfferInput(draft({ items: [{ label: 'a', quantity: '1', price: '5' }], mode: 'time', startDate: '2027-01-01', hours: '9' }), 'UTC')).toEqual({ error: 'The live part lasts 1 to 8 whole hours' });
  });

  it('a counter starts from the offer it answers', () => {
    const d = draftFromOffer(
      { items: [{ label: 'Clip', quantity: 3, unitPriceCents: 4999, totalCents: 14_997 }], startTime: '2027-03-10T18:00:00.000Z', endTime: '2027-03-10T20:00:00.000Z', dueAt: null, note: 'Thanks' },
      'UTC',
    );
    expect(d).toMatchObject({ mode: 'time', startDate: '2027-03-10', startTime: '18:00', hours: '2', note: 'Thanks', items: [{ label: 'Clip', quantity: '3', price: '49.99' }] });
  });
});
