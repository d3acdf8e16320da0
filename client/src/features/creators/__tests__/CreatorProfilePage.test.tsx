import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryCache } from '@apollo/client';
import {
  CreatorCard_CreatorFragmentDoc,
  CreatorPageDocument,
  CreatorSlotsChangedDocument,
} from '../../../gql/graphql';
import { formatTime } from '../../../shared/lib/zoned-time';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { creatorPageSlotWindow } from '../lib/slot-window';
import { CreatorProfilePage } from '../pages/CreatorProfilePage';

const CREATOR_ID = '3d1f7c1e-5b8a-4a52-9f3e-2c1b0a9d8e7f';
/** 08:00 on 1 May 2030 in the viewer's (the test machine's) zone. */
const NOW = new Date(2030, 4, 1, 8, 0);

const creator = {
  __typename: 'Profile',
  id: CREATOR_ID,
  userId: 'user-creator',
  timezone: 'Asia/Kolkata',
  hourlyRateCents: 5000,
  minimumHours: 1,
  isAvailable: true,
  nextFreeSlots: [],
  displayName: 'Nova Stream',
  profileImageUrl: null, avatarUrl: null,
  bio: 'Variety streamer and speedrunner.',
  averageRating: 4.75,
  totalBookings: 12,
  reviewCount: 7,
  platforms: ['TWITCH', 'YOUTUBE'],
  isVerified: false,
  twitchUsername: 'nova_stream',
  youtubeHandle: '@novastream',
  tiktokHandle: null,
  instagramHandle: null,
  createdAt: '2030-01-01T10:00:00.000Z',
};

function slot(hour: number, isBooked = false) {
  return {
    __typename: 'AvailabilitySlot',
    id: `slot-${hour}`,
    creatorId: CREATOR_ID,
    startTime: new Date(2030, 4, 1, hour).toISOString(),
    endTime: new Date(2030, 4, 1, hour + 1).toISOString(),
    isBooked,
  };
}

function reviewsOf(count: number) {
  const edges = Array.from({ length: count }, (_, i) => ({
    __typename: 'ReviewEdge',
    node: {
      __typename: 'Review',
      id: `review-${i}`,
      rating: 5,
      comment: `Great collab number ${i + 1}`,
      reviewerName: `Brand ${i + 1}`,
      createdAt: '2030-04-01T10:00:00.000Z',
    },
  }));
  return { __typename: 'ReviewConnection', totalCount: count, edges };
}

const pageRequest = () => ({ query: CreatorPageDocument, variables: { id: CREATOR_ID, ...creatorPageSlotWindow(NOW) } });

/** The page's one query: the profile, the hours of the window and the reviews (or an error answer). */
function pageMock(
  page: { creator?: Record<string, unknown>; slots?: ReturnType<typeof slot>[]; reviews?: number },
  errors?: MockedResponse['result'],
): MockedResponse {
  return {
    request: pageRequest(),
    result: errors ?? {
      data: {
        creator: page.creator ?? creator,
        availabilitySlots: page.slots ?? DAY_SLOTS,
        reviews: reviewsOf(page.reviews ?? 0),
      },
    },
  };
}

const quietSubscription: MockedResponse = {
  request: { query: CreatorSlotsChangedDocument, variables: { creatorId: CREATOR_ID } },
  delay: Infinity,
  result: { data: { slotsChanged: { __typename: 'SlotsChangedEvent', creatorId: CREATOR_ID } } },
};

const DAY_SLOTS = [slot(7), slot(10), slot(11), slot(12, true), slot(14), slot(15)];

function renderCreatorPage(mocks: MockedResponse[]) {
  return renderPage(<CreatorProfilePage />, { path: `/streamer/${CREATOR_ID}`, route: '/streamer/:id', mocks });
}

const hourButton = (hour: number, state: string) =>
  screen.findByRole('button', {
    name: `${formatTime(new Date(2030, 4, 1, hour))} – ${formatTime(new Date(2030, 4, 1, hour + 1))}, ${state}`,
  });

describe('Creator public page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    toaster.remove();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the header: initials, name, rating with bookings, rate, minimum hours, platforms, bio', async () => {
    renderCreatorPage([pageMock({}), quietSubscription]);

    expect(await screen.findByRole('heading', { name: 'Nova Stream', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('NO')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(7 reviews)')).toBeInTheDocument();
    expect(screen.getByText('$50.00/hour')).toBeInTheDocument();
    expect(screen.getByText('1 hour')).toBeInTheDocument();
    // The channels, each linked to its page on the platform.
    expect(screen.getByRole('link', { name: 'Twitch: nova_stream (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.twitch.tv/nova_stream',
    );
    const youtube = screen.getByRole('link', { name: 'YouTube: @novastream (opens in a new tab)' });
    expect(youtube).toHaveAttribute('href', 'https://www.youtube.com/@novastream');
    expect(youtube).toHaveAttribute('rel', 'noopener nofollow');
    expect(screen.getByText('Variety streamer and speedrunner.')).toBeInTheDocument();
    // A signed-out visitor goes back home, not to a dashboard they do not have.
    expect(screen.getByRole('link', { name: /all creators/i })).toHaveAttribute('href', '/creators');
    expect(
      screen.getByText(/Times shown in your time zone, .+ \(.+\)\. Creator's time zone: Asia\/Kolkata/),
    ).toBeInTheDocument();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('opened from a card, shows the header at once from the cache while the rest loads', async () => {
    const cache = new InMemoryCache();
    const { userId: _u, timezone: _t, nextFreeSlots: _n, ...card } = creator;
    cache.writeFragment({ fragment: CreatorCard_CreatorFragmentDoc, fragmentName: 'CreatorCard_creator', data: card });
    renderPage(<CreatorProfilePage />, {
      path: `/streamer/${CREATOR_ID}`,
      route: '/streamer/:id',
      cache,
      mocks: [{ ...pageMock({}), delay: Infinity }],
    });

    expect(screen.getByRole('heading', { name: 'Nova Stream', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('$50.00/hour')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading free hours' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading streamer profile' })).not.toBeInTheDocument();
  });

  it('an unknown creator says so, with a way to browse (no redirect)', async () => {
    const notFound = {
      errors: [new GraphQLError('Streamer profile not found', { extensions: { code: 'NOT_FOUND' } })],
    };
    renderCreatorPage([pageMock({}, notFound)]);
    expect(
      await screen.findByRole('heading', { name: 'This creator does not exist or is no longer listed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse creators' })).toHaveAttribute('href', '/creators');
  });

  it('any other load error says "Failed to load streamer profile"', async () => {
    const broken = {
      errors: [new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })],
    };
    renderCreatorPage([pageMock({}, broken)]);
    expect(await screen.findByText('Failed to load streamer profile')).toBeInTheDocument();
  });

  it('keeps the hours consecutive, offers durations by free next hours, and prices hours × rate', async () => {
    const user = userEvent.setup();
    renderCreatorPage([pageMock({}), quietSubscription]);

    await user.click(await screen.findByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Please select at least one time slot')).toBeInTheDocument();

    expect(await hourButton(7, 'past')).toBeDisabled();
    expect(await hourButton(12, 'booked')).toBeDisabled();

    await user.click(await hourButton(11, 'available'));
    expect(screen.getByText('Only 1 hour available - no consecutive slots found')).toBeInTheDocument();

    await user.click(await hourButton(10, 'available'));
    expect(screen.queryByText('Only 1 hour available - no consecutive slots found')).not.toBeInTheDocument();
    const duration = screen.getByLabelText('Duration');
    expect(
      within(duration)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 hour', '2 hours']);
    expect(duration).toHaveValue('2');
    expect(screen.getByText('$50.00 × 2 hours')).toBeInTheDocument();
    expect(screen.getAllByText('$100.00').length).toBeGreaterThan(0);

    await user.click(await hourButton(14, 'available'));
    expect(await screen.findByText('Please select consecutive hours only')).toBeInTheDocument();
    expect(await hourButton(10, 'selected')).toHaveAttribute('aria-pressed', 'true');

    await user.selectOptions(duration, '1');
    expect(await hourButton(11, 'available')).toHaveAttribute('aria-pressed', 'false');
  });

  it('a duration above 1 arriving from the calendar is pre-selected and cannot be changed', async () => {
    const user = userEvent.setup();
    const path = `/streamer/${CREATOR_ID}?date=2030-05-01&duration=2`;
    renderPage(<CreatorProfilePage />, {
      path,
      route: '/streamer/:id',
      mocks: [pageMock({}), quietSubscription],
    });
    const duration = await screen.findByLabelText('Duration');
    expect(duration).toHaveValue('2');
    expect(duration).toBeDisabled();

    await user.click(await hourButton(14, 'available'));
    expect(await hourButton(15, 'selected')).toBeInTheDocument();
    expect(screen.getByText('$50.00 × 2 hours')).toBeInTheDocument();
  });

  it("a first click takes the creator's minimum hours when free; fewer hours cannot be booked", async () => {
    const user = userEvent.setup();
    const twoHourMinimum = { ...creator, minimumHours: 2 };
    renderCreatorPage([
      pageMock({ creator: twoHourMinimum }),
      quietSubscription,
    ]);

    await user.click(await hourButton(10, 'available'));
    expect(await hourButton(11, 'selected')).toBeInTheDocument();
    expect(screen.getByText('$50.00 × 2 hours')).toBeInTheDocument();

    await user.click(await hourButton(10, 'selected'));
    await user.click(await hourButton(11, 'selected'));
    await user.click(await hourButton(11, 'available'));
    expect(screen.getAllByText("This creator's minimum booking is 2 hours").length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(screen.getAllByText("This creator's minimum booking is 2 hours")).toHaveLength(2));
  });

  it("opens on the day of the creator's next free hour", async () => {
    const later = {
      ...slot(9),
      id: 'slot-may-3',
      startTime: new Date(2030, 4, 3, 9).toISOString(),
      endTime: new Date(2030, 4, 3, 10).toISOString(),
    };
    const withNext = {
      ...creator,
      nextFreeSlots: [{ __typename: 'AvailabilitySlot', id: later.id, startTime: later.startTime }],
    };
    renderCreatorPage([
      pageMock({ creator: withNext, slots: [later] }),
      quietSubscription,
    ]);
    expect(await screen.findByRole('heading', { name: /May 3, 2030/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /May 3, 2030, has free hours/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('a day without free hours says "No available slots for this date"', async () => {
    renderCreatorPage([
      pageMock({ slots: [slot(7), slot(9, true)] }),
      quietSubscription,
    ]);
    expect(await screen.findByText('No available slots for this date')).toBeInTheDocument();
  });

  it('the grid follows other people: a slot taken elsewhere turns booked without a reload', async () => {
    const event: MockedResponse = { ...quietSubscription, delay: 200 };
    // The event refetches the page's query: its hours come back with 11:00 taken.
    const later = pageMock({ slots: [slot(10), slot(11, true), slot(12, true), slot(14), slot(15)] });
    renderCreatorPage([pageMock({}), event, later]);

    expect(await hourButton(11, 'available')).toBeEnabled();
    await waitFor(async () => expect(await hourButton(11, 'booked')).toBeDisabled());
  });

  it('signed out, Book goes to sign in', async () => {
    const user = userEvent.setup();
    renderCreatorPage([pageMock({}), quietSubscription]);
    await user.click(await hourButton(10, 'available'));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth');
  });

  it('shows "Showing latest 10 reviews" when exactly 10 came back', async () => {
    renderCreatorPage([
      pageMock({ reviews: 10 }),
      quietSubscription,
    ]);
    expect(await screen.findByText('Showing latest 10 reviews')).toBeInTheDocument();
    expect(screen.getByText('Great collab number 10')).toBeInTheDocument();
  });
});
