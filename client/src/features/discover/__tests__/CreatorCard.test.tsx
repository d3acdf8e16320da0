import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreatorCard_CreatorFragment } from '../../../gql/graphql';
import { initials } from '../../../shared/lib/initials';
import { renderPage } from '../../../test/render';
import { CreatorCard } from '../components/CreatorCard';
import { formatRating } from '../lib/creator-card';

const creator = (over: Partial<CreatorCard_CreatorFragment> = {}): CreatorCard_CreatorFragment => ({
  id: 'p-1',
  displayName: 'Nova Rivers',
  profileImageUrl: null, avatarUrl: null,
  isVerified: true,
  averageRating: 4.76,
  totalBookings: 12,
  reviewCount: 7,
  platforms: ['YOUTUBE', 'TWITCH'],
  bio: 'Variety streamer and speedrunner.',
  hourlyRateCents: 8500,
  minimumHours: 2,
  isAvailable: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  nextFreeSlots: [{ id: 's-1', startTime: '2026-12-01T14:00:00.000Z' }],
  ...over,
});

describe('creator card rules', () => {
  it('rounds the rating to one decimal and hides it at 0', () => {
    expect(formatRating(4.76)).toBe('4.8');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRating(0)).toBeNull();
  });

  it('takes two letters from the display name', () => {
    expect(initials('Nova Rivers')).toBe('NR');
    expect(initials('pixelpete')).toBe('PI');
    expect(initials('  ana  maría lópez ')).toBe('AM');
    expect(initials('X')).toBe('X');
  });
});

describe('CreatorCard', () => {
  it('shows the creator: initials, verified tick, rating with bookings, platforms, bio, rate and the availability link', () => {
    renderPage(<CreatorCard creator={creator()} />);

    expect(screen.getByText('NR')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nova Rivers' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByText('4.8')).toBeInTheDocument();
    expect(screen.getByText('(7)')).toBeInTheDocument(); // reviews, not bookings
    expect(screen.getByText('12 bookings')).toBeInTheDocument();
    const platforms = screen.getByRole('list', { name: 'Platforms' });
    expect(platforms).toHaveTextContent('twitchyoutube');
    expect(screen.getByText('Variety streamer and speedrunner.')).toBeInTheDocument();
    expect(screen.getByText('$85.00')).toBeInTheDocument();
    expect(screen.getByText('Min. 2 hours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /view availability/i })).toHaveAttribute('href', '/streamer/p-1');
  });

  it('hides the rating at 0 and the tick for unverified creators', () => {
    renderPage(<CreatorCard creator={creator({ averageRating: 0, isVerified: false, totalBookings: 1 })} />);

    expect(screen.queryByText('0.0')).not.toBeInTheDocument();
    expect(screen.queryByText('(1)')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
    expect(screen.getByText('1 booking')).toBeInTheDocument();
  });

  it('offers a disabled Unavailable button instead of the link when the creator is not available', () => {
    renderPage(<CreatorCard creator={creator({ isAvailable: false })} />);

    expect(screen.queryByRole('link', { name: /view availability/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unavailable' })).toBeDisabled();
  });
});
