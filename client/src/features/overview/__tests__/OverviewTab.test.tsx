import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectStatusDocument, OverviewDocument, type OverviewQuery } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { formatDateTime, formatDay, viewerZone, zoneAbbreviation } from '../../../shared/lib/zoned-time';
import { renderPage } from '../../../test/render';
import { OverviewTab, type OverviewProfile } from '../components/OverviewTab';

afterEach(() => toaster.remove());

type Overview = OverviewQuery['overview'];

const booking = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: 'Booking' as const,
  id,
  startTime: '2030-05-01T15:00:00.000Z',
  endTime: '2030-05-01T17:00:00.000Z',
  status: 'COMPLETED' as const,
  completedAt: '2025-09-01T18:00:00.000Z',
  cancelledAt: null,
  totalHours: 2,
  money: { __typename: 'BookingMoney' as const, priceCents: 20000, creatorCents: 18000 },
  viewerRole: 'CREATOR' as const,
  booker: { __typename: 'BookingBooker' as const, id: 'u-b', name: 'Acme Games' },
  creator: { __typename: 'BookingCreator' as const, id: 'p-1', displayName: 'Nova Rivers' },
  ...over,
});

function overviewMock(overview: Partial<Overview>): MockedResponse<OverviewQuery> {
  return {
    request: { query: OverviewDocument },
    result: {
      data: {
        overview: {
          __typename: 'Overview',
          earningsCents: 0,
          monthEarningsCents: 0,
          pendingPayoutCents: 0,
          upcomingCount: 0,
          awaitingResponseCount: 0,
          awaitingCreatorCount: 0,
          utilizationPercent: 0,
          totalSlots: 0,
          bookedSlots: 0,
          recentEarnings: [],
          upcoming: [],
          ...overview,
        } as Overview,
      },
    },
  };
}

/** The figure a stat card shows under its label. */
function stat(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).closest('dl')?.querySelector('dd')?.textContent ?? null;
}

const creator: OverviewProfile = { accountType: 'CREATOR', bio: 'Streamer', platforms: ['TWITCH'], averageRating: 4.8 };

const connectMock = (payoutsEnabled: boolean, answered = vi.fn()): MockedResponse => ({
  request: { query: ConnectStatusDocument },
  result: () => {
    answered();
    return {
      data: {
        connectStatus: { __typename: 'ConnectStatus', connected: payoutsEnabled, onboardingComplete: payoutsEnabled, chargesEnabled: payoutsEnabled, payoutsEnabled },
      },
    };
  },
});

describe('Overview tab', () => {
  it('tells a new creator what is left before a first booking (hours, payouts, photo), each with a link, instead of "live"', async () => {
    renderPage(<OverviewTab profile={{ ...creator, avatarUrl: null }} />, {
      mocks: [overviewMock({ totalSlots: 0 }), connectMock(false)],
    });

    const checklist = await screen.findByRole('region', { name: 'Get ready for your first booking' });
    expect(within(checklist).getByText('0 of 3 done')).toBeInTheDocument();
    const steps = within(checklist).getAllByRole('listitem');
    expect(steps.map((li) => li.getAttribute('data-step'))).toEqual(['hours', 'payouts', 'photo']);
    expect(within(checklist).getByRole('link', { name: 'Add hours' })).toHaveAttribute('href', '/dashboard?tab=availability');
    expect(within(checklist).getByRole('link', { name: 'Connect payouts' })).toHaveAttribute('href', '/dashboard?tab=availability#payouts');
    expect(within(checklist).getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/dashboard?tab=profile');
    // Bio and platforms alone do not make the profile "complete" while the photo is missing.
    expect(screen.queryByText('Your profile is complete.')).not.toBeInTheDocument();
    expect(screen.getByText('Bio and platforms are in. Add a photo in the Profile tab so brands recognise you.')).toBeInTheDocument();
    // No hours at all: the tip asks for the first ones, not for "more".
    const tips = screen.getByRole('region', { name: 'Tips' });
    expect(within(tips).getByText('Set your first hours')).toBeInTheDocument();
    expect(within(tips).queryByText('Add more availability')).not.toBeInTheDocument();
  });

  it('ticks off what is done and hides the checklist once hours, payouts and a photo are there', async () => {
    const { unmount } = renderPage(<OverviewTab profile={{ ...creator, avatarUrl: null }} />, {
      mocks: [overviewMock({ totalSlots: 4 }), connectMock(true)],
    });
    const checklist = await screen.findByRole('region', { name: 'Get ready for your first booking' });
    expect(within(checklist).getByText('2 of 3 done')).toBeInTheDocument();
    expect(within(checklist).getAllByRole('link').map((a) => a.textContent)).toEqual(['Add a photo']);
    unmount();

    const answered = vi.fn();
    renderPage(<OverviewTab profile={{ ...creator, avatarUrl: '/api/v1/photos/p.webp' }} />, {
      mocks: [overviewMock({ totalSlots: 4 }), connectMock(true, answered)],
    });
    expect(await screen.findByText('Total Earnings')).toBeInTheDocument();
    // Once the payout status has arrived (and rendered), nothing is asked.
    await waitFor(() => expect(answered).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Get ready for your first booking' })).not.toBeInTheDocument();
  });

  it('shows the figures the server computed, the utilization badge and both lists', async () => {
    const recent = Array.from({ length: 5 }, (_, i) => booking(`done-${i}`));
    const upcoming = [booking('next-1', { booker: { __typename: 'BookingBooker', id: 'u-c', name: 'Pixel Pete' } })];
    renderPage(<OverviewTab profile={creator} />, {
      mocks: [
        overviewMock({
          earningsCents: 123450,
          monthEarningsCents: 36000,
          pendingPayoutCents: 18000,
          upcomingCount: 1,
          awaitingResponseCount: 3,
          utilizationPercent: 75,
          totalSlots: 8,
          bookedSlots: 6,
          recentEarnings: recent,
          upcoming,
        }),
      ],
    });

    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('$360.00')).toBeInTheDocument();
    // This Month counts the collabs held this month (not those booked in it), and says so.
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: viewerZone() }).format(new Date());
    expect(screen.getByText('This Month', { selector: 'dt' }).closest('dl')).toHaveTextContent(`This Month$360.00From collabs held in ${month}`);
    expect(screen.getByText('$180.00', { selector: 'dd *, dd' })).toBeInTheDocument();
    const badge = screen.getByText('75%');
    expect(badge).toHaveAttribute('data-tone', 'green');
    expect(screen.getByText('6 of 8 slots booked')).toBeInTheDocument();
    // Confirmed collaborations and requests waiting for an answer are counted apart.
    expect(stat('Upcoming')).toBe('1');
    expect(stat('Awaiting response')).toBe('3');
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Recent Earnings' })).getAllByRole('listitem')).toHaveLength(5);
    expect(within(screen.getByRole('list', { name: 'Upcoming' })).getByText('Pixel Pete')).toBeInTheDocument();
    // The time is in the viewer's zone (a visitor's: the browser's) and the zone is named.
    const zone = viewerZone();
    const start = '2030-05-01T15:00:00.000Z';
    expect(
      within(screen.getByRole('list', { name: 'Upcoming' })).getByText(
        `${formatDateTime(start, zone)} ${zoneAbbreviation(zone, start)}`,
      ),
    ).toBeInTheDocument();
    // 75% utilization: no "add slots" tip; rating 4.8: the raise-your-rate tip.
    expect(screen.queryByText('Add more availability')).not.toBeInTheDocument();
    expect(screen.getByText('Consider raising your rate')).toBeInTheDocument();
  });

  it('lists the share a creator kept after a late cancellation as an earning, dated when it was cancelled', async () => {
    const kept = booking('late-1', {
      status: 'CANCELLED',
      completedAt: null,
      cancelledAt: '2030-04-30T09:00:00.000Z',
      totalHours: 1,
      money: { __typename: 'BookingMoney', priceCents: 7500, creatorCents: 3375 },
    });
    renderPage(<OverviewTab profile={creator} />, { mocks: [overviewMock({ earningsCents: 3375, recentEarnings: [kept] })] });

    const row = within(await screen.findByRole('list', { name: 'Recent Earnings' })).getByRole('listitem');
    expect(row).toHaveTextContent('+$33.75');
    expect(row).toHaveTextContent(`${formatDay('2030-04-30T09:00:00.000Z', viewerZone())} · Cancelled late: your share of 1 hour`);
    expect(stat('Total Earnings')).toBe('$33.75');
  });

  it('shows the empty states, a red badge, 75% completeness and the add-slots tip', async () => {
    renderPage(<OverviewTab profile={{ ...creator, bio: null, averageRating: 0 }} />, {
      mocks: [overviewMock({ utilizationPercent: 25, totalSlots: 4, bookedSlots: 1 })],
    });

    expect(await screen.findByText('No earnings yet')).toBeInTheDocument();
    expect(screen.getByText('No confirmed collaborations coming up')).toBeInTheDocument();
    expect(screen.getByText('25%')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('Add more availability')).toBeInTheDocument();
    expect(screen.queryByText('Consider raising your rate')).not.toBeInTheDocument();
  });

  it('shows brands their upcoming collaborations only', async () => {
    const upcoming = [booking('next-1', { viewerRole: 'BOOKER' })];
    renderPage(<OverviewTab profile={{ accountType: 'BRAND', bio: null, platforms: [], averageRating: 0 }} />, {
      mocks: [overviewMock({ upcomingCount: 1, awaitingCreatorCount: 2, upcoming })],
    });

    expect(await screen.findByText('Nova Rivers')).toBeInTheDocument();
    expect(stat('Upcoming')).toBe('1');
    expect(stat('Awaiting the creator')).toBe('2');
    expect(screen.getByText('Collab')).toBeInTheDocument();
    expect(screen.queryByText('Total Earnings')).not.toBeInTheDocument();
    expect(screen.queryByText('Slot Utilization')).not.toBeInTheDocument();
  });
});
