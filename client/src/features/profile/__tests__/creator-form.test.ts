import { describe, expect, it } from 'vitest';
import {
  creatorFormValues,
  isCreatorFormValid,
  toCreatorProfileInput,
  validateCreatorForm,
  type CreatorFormValues,
} from '../lib/creator-form';
import { averageRatingLabel, profileTabTitle } from '../lib/profile-stats';

const valid = (): CreatorFormValues => ({
  ...creatorFormValues(null, 'Europe/Berlin'),
  displayName: 'Nova',
  platforms: ['TWITCH'],
  handles: { twitchUsername: 'nova', youtubeHandle: '', tiktokHandle: '', instagramHandle: '' },
});

describe('creator profile form rules (spec §5)', () => {
  it('starts from the defaults: rate 50, minimum 1 hour, the given zone, no platform', () => {
    const values = creatorFormValues(null, 'America/New_York');
    expect(values).toMatchObject({ hourlyRate: '50', minimumHours: '1', platforms: [], timezone: 'America/New_York' });
    expect(isCreatorFormValid(values)).toBe(false);
  });

  it('needs a display name, a rate of at least 1, whole minimum hours of at least 1 and a platform with its handle', () => {
    expect(isCreatorFormValid(valid())).toBe(true);
    expect(validateCreatorForm({ ...valid(), displayName: '  ' }).displayName).toBe('Display name is required');
    expect(validateCreatorForm({ ...valid(), hourlyRate: '0.99' }).hourlyRate).toBe(
      'Hourly rate must be at least $1.00',
    );
    expect(validateCreatorForm({ ...valid(), hourlyRate: '1' }).hourlyRate).toBeUndefined();
    // Above the maximum the message says the maximum, as the server does (not the decimals rule).
    expect(validateCreatorForm({ ...valid(), hourlyRate: '1e308' }).hourlyRate).toBe(
      'Hourly rate must be at most $10,000.00',
    );
    expect(validateCreatorForm({ ...valid(), hourlyRate: '10000.01' }).hourlyRate).toBe(
      'Hourly rate must be at most $10,000.00',
    );
    expect(validateCreatorForm({ ...valid(), hourlyRate: '12.345' }).hourlyRate).toBeDefined();
    expect(validateCreatorForm({ ...valid(), hourlyRate: '' }).hourlyRate).toBe('Hourly rate is required');
    expect(validateCreatorForm({ ...valid(), minimumHours: '0' }).minimumHours).toBeDefined();
    expect(validateCreatorForm({ ...valid(), minimumHours: '1.5' }).minimumHours).toBeDefined();
    expect(validateCreatorForm({ ...valid(), minimumHours: '9' }).minimumHours).toBeDefined();
    expect(validateCreatorForm({ ...valid(), platforms: [] }).platforms).toBe('Choose at least one platform');
    expect(validateCreatorForm({ ...valid(), platforms: ['TWITCH', 'TIKTOK'] }).tiktokHandle).toBe(
      'TikTok handle is required when tiktok is selected',
    );
  });

  it('sends cents, trimmed text, and clears the handles of platforms not chosen', () => {
    const input = toCreatorProfileInput({
      ...valid(),
      displayName: ' Nova ',
      bio: '  ',
      hourlyRate: '49.99',
      minimumHours: '2',
      platforms: ['YOUTUBE', 'TWITCH'],
      handles: { twitchUsername: ' nova ', youtubeHandle: '@nova', tiktokHandle: 'left-over', instagramHandle: '' },
    });
    expect(input).toEqual({
      displayName: 'Nova',
      bio: null,
      hourlyRateCents: 4999,
      minimumHours: 2,
      platforms: ['TWITCH', 'YOUTUBE'],
      twitchUsername: 'nova',
      youtubeHandle: '@nova',
      tiktokHandle: null,
      instagramHandle: null,
      timezone: 'Europe/Berlin',
    });
  });
});

describe('profile tab labels', () => {
  it('shows N/A without a rating and one decimal otherwise', () => {
    expect(averageRatingLabel(0)).toBe('N/A');
    expect(averageRatingLabel(null)).toBe('N/A');
    expect(averageRatingLabel(4.75)).toBe('4.8');
    expect(averageRatingLabel(5)).toBe('5.0');
  });

  it('titles the tab by account type', () => {
    expect(profileTabTitle('CREATOR')).toBe('My Creator Profile');
    expect(profileTabTitle('BRAND')).toBe('My Brand Profile');
  });
});
