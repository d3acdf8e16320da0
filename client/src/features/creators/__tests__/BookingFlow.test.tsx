import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BookingCancellationTermsDocument,
  BookingViewerProfileDocument,
  CreateBookingCheckoutDocument,
  CreatorPageDocument,
  CreatorSlotsChangedDocument,
  type CreateBookingCheckoutMutationVariables,
} from '../../../gql/graphql';
import { formatTime } from '../../../shared/lib/zoned-time';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { signedIn } from '../../../test/session';
import { creatorPageSlotWindow } from '../lib/slot-window';
import { CreatorProfilePage } from '../pages/CreatorProfilePage';

const CREATOR_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const NOW = new Date(2030, 4, 1, 8, 0);
const TAKEN = 'This time slot was just booked by someone else. Please pick another time.';

const creator = {
  __typename: 'Profile',
  id: CREATOR_ID,
  userId: 'user-creator',
  timezone: 'Europe/Paris',
  hourlyRateCents: 7500,
  minimumHours: 1,
  isAvailable: true,
  nextFreeSlots: [],
  displayName: 'Pixel Pete',
  profileImageUrl: null, avatarUrl: null,
  bio: null,
  averageRating: 0,
  totalBookings: 0,
  reviewCount: 0,
  platforms: ['TWITCH'],
  isVerified: false,
  twitchUsername: 'nova',
  youtubeHandle: null,
  tiktokHandle: null,
  instagramHandle: null,
  createdAt: '2030-01-01T10:00:00.000Z',
};

const slot = (hour: number, isBooked = false) => ({
  __typename: 'AvailabilitySlot',
  id: `slot-${hour}`,
  creatorId: CREATOR_ID,
  startTime: new Date(2030, 4, 1, hour).toISOString(),
  endTime: new Date(2030, 4, 1, hour + 1).toISOString(),
  isBooked,
});

/** The page's one query (profile, the window's hours, reviews) answering these hours. */
function creatorPageMock(slots: ReturnType<typeof slot>[]): MockedResponse {
  return {
    request: { query: CreatorPageDocument, variables: { id: CREATOR_ID, ...creatorPageSlotWindow(NOW) } },
    result: {
      data: { creator, availabilitySlots: slots, reviews: { __typename: 'ReviewConnection', totalCount: 0, edges: [] } },
    },
  };
}

function pageMocks(viewerProfile: { id: string; accountType: 'CREATOR' | 'BRAND' } | null): MockedResponse[] {
  return [
    signedIn(),
    creatorPageMock([slot(10), slot(11), slot(12)]),
    {
      request: { query: CreatorSlotsChangedDocument, variables: { creatorId: CREATOR_ID } },
      delay: Infinity,
      result: { data: { slotsChanged: { __typename: 'SlotsChangedEvent', creatorId: CREATOR_ID } } },
    },
    {
      request: { query: BookingViewerProfileDocument },
      result: { data: { myProfile: viewerProfile && { __typename: 'Profile', ...viewerProfile } } },
    },
  ];
}

/** A createBookingCheckout answer; records the variables each call sent. */
function checkoutMock(
  result: MockedResponse['result'],
  calls: CreateBookingCheckoutMutationVariables[],
): MockedResponse {
  return {
    request: { query: CreateBookingCheckoutDocument },
    variableMatcher: (variables: CreateBookingCheckoutMutationVariables) => {
      calls.push(variables);
      return true;
    },
    result,
  };
}

const checkoutCreated = {
  data: {
    createBookingCheckout: {
      __typename: 'BookingCheckout',
      checkoutUrl: 'http://localhost:3000/stripe-checkout?booking_id=b-1&payment_intent=pi_1',
      paymentIntentId: 'pi_1',
      booking: { __typename: 'Booking', id: 'b-1', status: 'PENDING', paymentStatus: 'UNPAID' },
    },
  },
};

/** The policy's cancellation rule for a start at 10:00 (the server answers from its policy). */
function termsMock(): MockedResponse {
  const start = new Date(2030, 4, 1, 10);
  return {
    request: { query: BookingCancellationTermsDocument, variables: { startTime: start.toISOString() } },
    result: {
      data: {
        cancellationTerms: {
          __typename: 'CancellationTerms',
          freeUntil: new Date(start.getTime() - 24 * 3_600_000).toISOString(),
          lateKeptPercent: 50,
        },
      },
    },
  };
}

const hourButton = (hour: number, state: string) =>
  screen.findByRole('button', {
    name: `${formatTime(new Date(2030, 4, 1, hour))} – ${formatTime(new Date(2030, 4, 1, hour + 1))}, ${state}`,
  });

async function pickTenToTwelveAndBook(mocks: MockedResponse[]) {
  const user = userEvent.setup();
  renderPage(<CreatorProfilePage />, { path: `/streamer/${CREATOR_ID}`, route: '/streamer/:id', mocks });
  await user.click(await hourButton(10, 'available'));
  await user.click(await hourButton(11, 'available'));
  await user.click(screen.getByRole('button', { name: 'Book' }));
  return user;
}

describe('Booking from the creator page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    toaster.remove();
  });
  afterEach(() => vi.useRealTimers());

  it('confirms the summary with optional details, then goes to the secure payment page', async () => {
    const calls: CreateBookingCheckoutMutationVariables[] = [];
    const user = await pickTenToTwelveAndBook([...pageMocks(null), termsMock(), checkoutMock(checkoutCreated, calls)]);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your booking' });
    expect(dialog).toHaveTextContent('Pixel Pete');
    expect(dialog).toHaveTextContent('$150.00');
    // The cancellation rule from the server's policy before paying: two hours ahead the free period
    // (until 24 h before the start) has passed, so only withdrawing an unanswered request is free.
    expect(await within(dialog).findByTestId('cancellation-policy')).toHaveTextContent(
      'Free to withdraw until the creator accepts; after that 50 % is kept if you cancel.',
    );
    await user.click(screen.getByLabelText(/booking details/i));
    await user.paste('Co-stream a speedrun race');
    await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stripe-checkout'));
    expect(screen.getByTestId('location-search')).toHaveTextContent('?booking_id=b-1&payment_intent=pi_1');
    expect(calls[0]!.input).toMatchObject({
      creatorId: CREATOR_ID,
      availabilitySlotId: 'slot-10',
      startTime: new Date(2030, 4, 1, 10).toISOString(),
      endTime: new Date(2030, 4, 1, 12).toISOString(),
      bookingDetails: 'Co-stream a speedrun race',
    });
    expect(calls[0]!.input.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The in-app card page opens at once: no "Redirecting..." toast lingers over it.
    expect(screen.queryByText('Redirecting to secure payment...')).not.toBeInTheDocument();
  });

  it('a failure keeps the dialog open with the server text; a retry reuses the same idempotency key', async () => {
    const calls: CreateBookingCheckoutMutationVariables[] = [];
    const refused = {
      errors: [
        new GraphQLError('The payment could not be started. Please try again.', {
          extensions: { code: 'PAYMENT_FAILED' },
        }),
      ],
    };
    const user = await pickTenToTwelveAndBook([
      ...pageMocks(null),
      checkoutMock(refused, calls),
      checkoutMock(
        { data: { createBookingCheckout: { ...checkoutCreated.data.createBookingCheckout, checkoutUrl: '' } } },
        calls,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm & Pay' }));

    expect(await screen.findByText('Failed to create booking. Please try again.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment could not be started. Please try again.');
    expect(screen.getByRole('dialog', { name: 'Confirm your booking' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    expect(await screen.findByText('No checkout URL received', { selector: '[role="alert"] *' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input.idempotencyKey).toBe(calls[0]!.input.idempotencyKey);
  });

  it("a slot someone just took shows the server's message and refreshes the grid", async () => {
    const calls: CreateBookingCheckoutMutationVariables[] = [];
    const taken = { errors: [new GraphQLError(TAKEN, { extensions: { code: 'CONFLICT' } })] };
    const user = await pickTenToTwelveAndBook([
      ...pageMocks(null),
      checkoutMock(taken, calls),
      creatorPageMock([slot(10), slot(11, true), slot(12)]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm & Pay' }));

    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(await hourButton(11, 'booked')).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your booking' })).not.toBeInTheDocument());
  });

  it('a creator booking someone for today is warned first, and may continue', async () => {
    const user = await pickTenToTwelveAndBook(pageMocks({ id: 'my-own-profile', accountType: 'CREATOR' }));

    const warning = await screen.findByRole('alertdialog');
    expect(warning).toHaveTextContent(
      'You have a streamer profile and this booking is for today. This might conflict with your own streaming schedule. Continue anyway?',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your booking' })).toBeInTheDocument();
  });

  it('cannot book your own profile', async () => {
    renderPage(<CreatorProfilePage />, {
      path: `/streamer/${CREATOR_ID}`,
      route: '/streamer/:id',
      mocks: pageMocks({ id: CREATOR_ID, accountType: 'CREATOR' }),
    });
    expect(await screen.findByText(/this is your own profile/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book' })).toBeDisabled();
  });
});
