import { describe, expect, it } from 'vitest';
import { emptyPackageDraft, packageStarts, toPackageInput } from '../lib/package-form';

describe('the package form', () => {
  it('turns the form into the API input', () => {
    const parsed = toPackageInput({ ...emptyPackageDraft(), title: ' Segment ', liveMinutes: '15', clips: '3', price: '299.99', platforms: ['twitch'] });
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.input).toMatchObject({ title: 'Segment', priceCents: 29_999, leadTimeDays: 2, revisionsIncluded: 1, deliverables: { liveMinutes: 15, clips: 3, costreamHours: 0, posts: 0, overlayDays: 0 } });
  });

  it('says what is missing', () => {
    expect(toPackageInput({ ...emptyPackageDraft(), price: '10' })).toEqual({ error: 'Give the package a title' });
    expect(toPackageInput({ ...emptyPackageDraft(), title: 'x', price: '10' })).toEqual({ error: 'Include at least one deliverable' });
    expect(toPackageInput({ ...emptyPackageDraft(), title: 'x', clips: '1', price: '0.5' })).toEqual({ error: 'Price: at least $1, in dollars (e.g. 300 or 299.99)' });
    expect(toPackageInput({ ...emptyPackageDraft(), title: 'x', clips: '-1', price: '5' })).toEqual({ error: 'Clips: a whole number, 0 or more' });
  });

  it('offers the starts from which enough consecutive free hours follow, after the lead time', () => {
    const h = (n: number) => new Date(Date.UTC(2027, 0, 1, n)).toISOString();
    const slot = (n: number, isBooked = false) => ({ startTime: h(n), endTime: h(n + 1), isBooked });
    const slots = [slot(8), slot(9), slot(10, true), slot(11), slot(12), slot(13), slot(15)];
    expect(packageStarts(slots, 2, new Date(h(0)))).toEqual([h(8), h(11), h(12)]);
    expect(packageStarts(slots, 1, new Date(h(12)))).toEqual([h(12), h(13), h(15)]);
  });
});
