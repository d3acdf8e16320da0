import { describe, expect, it } from 'vitest';
import { defaultExportRange, exportRangeProblem, ledgerExportUrl } from '../lib/ledger-export';

const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('ledger export range', () => {
  it('includes both chosen days, from midnight to midnight in the viewer’s zone', () => {
    // Berlin in June is UTC+2: 9 June 00:00 there is 8 June 22:00 UTC; the day after the 9th starts at 9 June 22:00 UTC.
    expect(params(ledgerExportUrl('2031-06-09', '2031-06-09', 'Europe/Berlin'))).toEqual({
      from: '2031-06-08T22:00:00.000Z',
      to: '2031-06-09T22:00:00.000Z',
    });
    expect(params(ledgerExportUrl('2031-06-01', '2031-06-30', 'America/New_York'))).toEqual({
      from: '2031-06-01T04:00:00.000Z',
      to: '2031-07-01T04:00:00.000Z',
    });
  });

  it('offers this month so far, today included, as the viewer’s calendar reads it', () => {
    // 1 July 01:30 in Berlin is still 30 June in UTC.
    expect(defaultExportRange('Europe/Berlin', new Date('2031-06-30T23:30:00Z'))).toEqual({ from: '2031-07-01', to: '2031-07-01' });
    expect(defaultExportRange('UTC', new Date('2031-06-30T23:30:00Z'))).toEqual({ from: '2031-06-01', to: '2031-06-30' });
  });

  it('names the field that is wrong', () => {
    expect(exportRangeProblem('', '2031-06-09')).toMatch(/^From/);
    expect(exportRangeProblem('2031-06-09', '')).toMatch(/^To/);
    expect(exportRangeProblem('2031-06-10', '2031-06-09')).toBe('From must be on or before To');
    expect(exportRangeProblem('2031-06-09', '2031-06-09')).toBeNull();
  });
});
