import { describe, expect, it } from 'vitest';
import { formatPercent, overviewTips, profileCompleteness, utilizationTone } from '../lib/overview-rules';

describe('overview rules (spec §9)', () => {
  it('colours utilization green at 70 or more, orange at 40 or more, red below', () => {
    expect(utilizationTone(100)).toBe('green');
    expect(utilizationTone(70)).toBe('green');
    expect(utilizationTone(69.9)).toBe('orange');
    expect(utilizationTone(40)).toBe('orange');
    expect(utilizationTone(39.9)).toBe('red');
    expect(utilizationTone(0)).toBe('red');
  });

  it('formats the percentage with at most one decimal', () => {
    expect(formatPercent(62.5)).toBe('62.5%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('counts a profile complete (100) with a bio and a platform, else 75', () => {
    expect(profileCompleteness({ bio: 'Streamer', platforms: ['TWITCH'] })).toBe(100);
    expect(profileCompleteness({ bio: 'Streamer', platforms: [] })).toBe(75);
    expect(profileCompleteness({ bio: '   ', platforms: ['TWITCH'] })).toBe(75);
    expect(profileCompleteness({ bio: null, platforms: ['TWITCH'] })).toBe(75);
  });

  it('suggests adding slots under 50% utilization and raising the rate from a 4.5 rating', () => {
    expect(overviewTips({ utilizationPercent: 49.9, averageRating: 4.4, totalSlots: 10 }).map((t) => t.id)).toEqual(['add-slots']);
    expect(overviewTips({ utilizationPercent: 50, averageRating: 4.5, totalSlots: 10 }).map((t) => t.id)).toEqual(['raise-rate']);
    expect(overviewTips({ utilizationPercent: 10, averageRating: 5, totalSlots: 10 }).map((t) => t.id)).toEqual([
      'add-slots',
      'raise-rate',
    ]);
    expect(overviewTips({ utilizationPercent: 80, averageRating: 0, totalSlots: 10 })).toEqual([]);
  });

  it('asks a creator with no hours at all for their first hours, not for more', () => {
    expect(overviewTips({ utilizationPercent: 0, averageRating: 0, totalSlots: 0 }).map((t) => t.title)).toEqual(['Set your first hours']);
  });
});
