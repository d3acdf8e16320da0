import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BookingCancellationQuoteDocument,
  BookingLinkGroupDocument,
  LiveBookingUpdatesDocument,
  CancelBookingDocument,
  OpenBookingDisputeDocument,
  RequestBookingPayoutDocument,
  ReviewBookingDocument,
} from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { LocationProbe, renderPage } from '../../../test/render';
import { signedIn } from '../../../test/session';
import { BookingsTab } from '../components/BookingsTab';
import { LiveBookingUpdates } from '../live/LiveBookingUpdates';
import { booking, countsMock, listMock, PROFILE, tabMocks } from './fixtures';

// Dialogs and user-event typing are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => toaster.remove());

const cardOf = (name: RegExp | string) => screen.getByRole('article', { name });

describe('My Bookings', () => {
  it('shows the loading state, then "No bookings found."', async () => {
    renderPage(<BookingsTab profile={PROFILE} />, { mocks: tabMocks([]).map((mock) => ({ ...mock, delay: 50 })) });
    expect(screen.getByText('Loading bookings...')).toBeInTheDocument();
    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
  });

  it('labels each side: a request "from" the booker, "to" the creator while it waits', async () => {
    const request = booking({ viewerRole: 'CREATOR' });
    const nameless = booking({
      viewerRole: 'CREATOR',
      booker: { __typename: 'BookingBooker', id: 'u2', name: '', email: 'sam@brand.test' },
    });
    const collab = booking({
      viewerRole: 'BOOKER',
      creatorId: 'p-other',
      creator: {
        __typename: 'BookingCreator',
        id: 'p-other',
        userId: 'u-other',
        displayName: 'Pixel Pete',
        profileImageUrl: null,
        avatarUrl: null,
      },
    });
    renderPage(<BookingsTab profile={PROFILE} />, { mocks: tabMocks([request, nameless, collab]) });

    expect(await screen.findByRole('article', { name: 'Booking Request from Acme Games' })).toBeInTheDocument();
    // A brand without a profile is never named by its e-mail's local part (the address stays private).
    expect(screen.getByRole('article', { name: 'Booking Request from A CollabHub brand' })).toBeInTheDocument();
    expect(screen.queryByText(/\bsam\b/)).not.toBeInTheDocument();
    const collabCard = screen.getByRole('article', { name: 'Booking Request to Pixel Pete' });
    expect(within(collabCard).getByText('$100.00')).toBeInTheDocument();
    expect(within(collabCard).getByLabelText('Status: Pending')).toBeInTheDocument();
    expect(within(collabCard).getByLabelText('Payment: Held')).toBeInTheDocument();
  });

  it('renders exactly the actions the server lists in availableActions', async () => {
    const pending = booking({ availableActions: ['ACCEPT', 'DECLINE'] });
    const confirmed = booking({
      status: 'CONFIRMED',
      viewerRole: 'BOOKER',
      booker: { __typename: 'BookingBooker', id: 'me', name: 'Me', email: 'me@x.test' },
      creator: {
        __typename: 'BookingCreator',
        id: 'p-2',
        userId: 'u-2',
        displayName: 'Luna',
        profileImageUrl: null,
        avatarUrl: null,
      },
      availableActions: ['CONFIRM_COMPLETION', 'OPEN_DISPUTE'],
    });
    const done = booking({
      status: 'CANCELLED',
      paymentStatus: 'VOIDED',
      booker: { __typename: 'BookingBooker', id: 'u3', name: 'Old Client', email: 'o@x.test' },
      availableActions: [],
    });
    renderPage(<BookingsTab profile={PROFILE} />, { mocks: tabMocks([pending, confirmed, done], 'REQUESTS') });

    const first = await screen.findByRole('article', { name: 'Booking Request from Acme Games' });
    const names = (card: HTMLElement) =>
      within(card)
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(names(first)).toEqual(['Accept', 'Decline', 'Messages', 'Documents']);
    expect(names(cardOf('Collab with Luna'))).toEqual([
      'Write the brief',
      'Confirm completion',
      'Dispute',
      'Messages',
      'Documents',
    ]);
    expect(
      within(cardOf('Collab with Old Client')).queryByRole('group', { name: 'Booking actions' }),
    ).not.toBeInTheDocument();
  });

  it('warns "(fee applies)" when the server says so, and the card then shows the amounts the dialog quoted', async () => {
    const user = userEvent.setup();
    const soon = booking({
      status: 'CONFIRMED',
      viewerRole: 'BOOKER',
      startsInHours: 5,
      creator: {
        __typename: 'BookingCreator',
        id: 'p-2',
        userId: 'u-2',
        displayName: 'Luna',
        profileImageUrl: null,
        avatarUrl: null,
      },
      availableActions: ['CANCEL'],
      cancelFeeApplies: true,
    });
    const cancelled = {
      ...soon,
      status: 'CANCELLED',
      group: 'CANCELLED',
      paymentStatus: 'REFUNDED',
      refundCents: 5000,
      cancellationReason: 'Plans changed',
      cancellationCode: 'PLANS_CHANGED',
      cancelledByRole: 'booker',
      availableActions: [],
      cancelFeeApplies: false,
      settlement: {
        __typename: 'BookingSettlement',
        capturedCents: 10000,
        refundedCents: 5000,
        platformFeeCents: 500,
        creatorCents: 4500,
      },
    };
    const cancel = vi.fn(() => ({ data: { cancelBooking: cancelled } }));
    renderPage(<BookingsTab profile={PROFILE} />, {
      mocks: [
        ...tabMocks([soon]),
        {
          request: { query: BookingCancellationQuoteDocument, variables: { bookingId: soon.id } },
          result: {
            data: {
              cancellationQuote: {
                __typename: 'CancellationQuote',
                bookingId: soon.id,
                allowed: true,
                reason: null,
                refundCents: 5000,
                feeApplies: true,
                platformFeeCents: 500,
                creatorKeepsCents: 4500,
              },
            },
          },
        },
        {
          request: {
            query: CancelBookingDocument,
            variables: { input: { bookingId: soon.id, reasonCode: 'PLANS_CHANGED', reason: null } },
          },
          result: cancel,
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel (fee applies)' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('refund-amount')).toHaveTextContent('$50.00');
    expect(within(dialog).getByTestId('platform-fee')).toHaveTextContent('$5.00');
    expect(within(dialog).getByTestId('creator-keeps')).toHaveTextContent('$45.00');
    expect(cancel).not.toHaveBeenCalled();
    // A confirmed booking is cancelled with a reason: the confirm button waits for one.
    expect(within(dialog).getByRole('button', { name: 'Cancel Booking' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'PLANS_CHANGED');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));

    expect(await screen.findByText('Booking cancelled successfully')).toBeInTheDocument();
    expect(cancel).toHaveBeenCalledTimes(1);
    const card = cardOf('Collab with Luna');
    await waitFor(() => expect(within(card).getByLabelText('Status: Cancelled')).toBeInTheDocument());
    expect(within(card).getByText(/Refund amount:/).parentElement).toHaveTextContent('Refund amount: $50.00');
    // The card's money lines are the ledger's: the same $5.00 fee the dialog quoted, not 10 % of the total.
    const amount = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(amount('Refunded')).toBe('$50.00');
    expect(amount('Creator keeps')).toBe('$45.00');
    expect(amount('Platform fee')).toBe('$5.00');
  });

  it('keeps Submit Review disabled until a star is chosen, and trims the comment', async () => {
    const user = userEvent.setup();
    const finished = booking({ status: 'COMPLETED', paymentStatus: 'ALLOCATED', availableActions: ['REVIEW'] });
    const review = vi.fn(() => ({
      data: {
        createReview: {
          __typename: 'Review',
          id: 'r1',
          bookingId: finished.id,
          creatorId: finished.creatorId,
          rating: 4,
          comment: 'Great energy',
        },
      },
    }));
    renderPage(<BookingsTab profile={PROFILE} />, {
      mocks: [
        ...tabMocks([finished]),
        {
          request: {
            query: ReviewBookingDocument,
            variables: { input: { bookingId: finished.id, rating: 4, comment: 'Great energy' } },
          },
          result: review,
        },
        listMock([{ ...finished, availableActions: [] }]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Submit Review' });
    expect(submit).toBeDisabled();

    const stars = within(dialog).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    await user.click(stars[3]);
    expect(within(dialog).getByText('4 of 5 stars')).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.type(within(dialog).getByLabelText(/comment/i), '  Great energy  ');
    await user.click(submit);
    expect(await screen.findByText('Review submitted!')).toBeInTheDocument();
    expect(review).toHaveBeenCalledTimes(1);
  });

  it('opens a dispute with a trimmed reason (required) and optional evidence', async () => {
    const user = userEvent.setup();
    const confirmed = booking({ status: 'CONFIRMED', availableActions: ['OPEN_DISPUTE'] });
    const open = vi.fn(() => ({
      data: { openDispute: { ...confirmed, status: 'DISPUTED', paymentStatus: 'DISPUTED', availableActions: [] } },
    }));
    renderPage(<BookingsTab profile={PROFILE} />, {
      mocks: [
        ...tabMocks([confirmed]),
        {
          request: {
            query: OpenBookingDisputeDocument,
            variables: {
              input: { bookingId: confirmed.id, reason: 'Stream ended early', evidence: null, kind: 'GENERAL' },
            },
          },
          result: open,
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Open Dispute' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please describe the reason for the dispute');
    expect(open).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: '   Stream ended early  ' } });
    await user.click(within(dialog).getByRole('button', { name: 'Open Dispute' }));
    expect(await screen.findByText('Dispute opened successfully')).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('Confirm Payout says when the payout failed', async () => {
    const user = userEvent.setup();
    const allocated = booking({
      status: 'COMPLETED',
      paymentStatus: 'ALLOCATED',
      availableActions: ['REQUEST_PAYOUT', 'REVIEW'],
    });
    renderPage(<BookingsTab profile={PROFILE} />, {
      mocks: [
        ...tabMocks([allocated]),
        {
          request: { query: RequestBookingPayoutDocument, variables: { bookingId: allocated.id } },
          result: { errors: [{ message: 'Set up your payout account before requesting a payout' }] },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm Payout' }));
    expect(await screen.findByText('Payout failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Set up your payout account before requesting a payout')).toBeInTheDocument();
  });
});

describe('My Bookings details', () => {
  it('shows dispute details, the both-confirmed message, and no refund line at 0', async () => {
    const disputed = booking({
      status: 'DISPUTED',
      paymentStatus: 'DISPUTED',
      dispute: {
        __typename: 'BookingDispute',
        id: 'dd-1',
        kind: 'GENERAL',
        reason: 'Only half the agreed time',
        evidence: 'https://clips.example/x',
        respondentStatement: null,
        openedBy: 'BOOKER',
        resolution: null,
        refundCents: null,
        resolutionNote: null,
        createdAt: new Date().toISOString(),
        resolvedAt: null,
      },
    });
    const both = booking({
      status: 'COMPLETED',
      paymentStatus: 'ALLOCATED',
      creatorConfirmed: true,
      bookerConfirmed: true,
      booker: { __typename: 'BookingBooker', id: 'u5', name: 'Happy Brand', email: 'h@x.test' },
    });
    const cancelledFree = booking({
      status: 'CANCELLED',
      paymentStatus: 'VOIDED',
      cancellationReason: 'Declined by the creator',
      booker: { __typename: 'BookingBooker', id: 'u6', name: 'Voided Brand', email: 'v@x.test' },
    });
    renderPage(<BookingsTab profile={PROFILE} />, {
      mocks: tabMocks([disputed, both, cancelledFree], 'PAST'),
    });
    const disputedCard = await screen.findByRole('article', { name: 'Collab with Acme Games' });
    expect(disputedCard).toHaveTextContent('Reason (by the booker): Only half the agreed time');
    expect(within(disputedCard).getByRole('link', { name: 'https://clips.example/x' })).toBeInTheDocument();
    expect(disputedCard).toHaveTextContent('Support is reviewing this dispute.');
    // the creator may answer the booker's dispute
    expect(within(disputedCard).getByRole('button', { name: 'Respond to Dispute' })).toBeInTheDocument();
    expect(cardOf('Collab with Happy Brand')).toHaveTextContent('Payment is released to the creator after completion');
    const voided = cardOf('Collab with Voided Brand');
    expect(voided).toHaveTextContent('Reason: Declined by the creator');
    expect(voided).not.toHaveTextContent('Refund amount');
  });
});

/** The list beside the session's live booking stream, as in the app. */
const LiveBookings = () => (
  <>
    <LiveBookingUpdates />
    <BookingsTab profile={PROFILE} />
  </>
);

describe('My Bookings, live', () => {
  it('an accepted request changes live, then moves to Upcoming and the tab follows it', async () => {
    const pending = booking({
      viewerRole: 'BOOKER',
      availableActions: ['CANCEL'],
      creator: {
        __typename: 'BookingCreator',
        id: 'p-2',
        userId: 'u-2',
        displayName: 'Luna',
        profileImageUrl: null,
        avatarUrl: null,
      },
    });
    const accepted = {
      ...pending,
      status: 'CONFIRMED',
      group: 'UPCOMING',
      availableActions: ['CANCEL', 'OPEN_DISPUTE'],
    } as typeof pending;
    const event: MockedResponse = {
      request: { query: LiveBookingUpdatesDocument },
      result: { data: { bookingUpdated: accepted } },
      delay: 1500,
    };
    renderPage(<LiveBookings />, {
      mocks: [
        signedIn(),
        ...tabMocks([pending]),
        event,
        countsMock({ UPCOMING: 1 }),
        listMock([], 'REQUESTS'),
        listMock([accepted], 'UPCOMING'),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Booking Request to Luna' });
    expect(within(card).getByLabelText('Status: Pending')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Requests (1)' })).toHaveAttribute('aria-selected', 'true');
    // It left Requests: the tab (not picked by the viewer) follows it to Upcoming.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Upcoming (1)' })).toHaveAttribute('aria-selected', 'true'),
    );
    const moved = await screen.findByRole('article', { name: 'Collab with Luna' });
    expect(within(moved).getByLabelText('Status: Confirmed')).toBeInTheDocument();
    expect(within(moved).getByRole('button', { name: 'Dispute' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Requests (0)' })).toHaveAttribute('aria-selected', 'false');
  });

  it('a new request (unknown id) makes the list and the counts refetch', async () => {
    const known = booking({
      booker: { __typename: 'BookingBooker', id: 'u1', name: 'First Brand', email: 'a@x.test' },
    });
    const fresh = booking({
      booker: { __typename: 'BookingBooker', id: 'u9', name: 'New Brand', email: 'n@x.test' },
      availableActions: ['ACCEPT', 'DECLINE'],
    });
    renderPage(<LiveBookings />, {
      mocks: [
        signedIn(),
        ...tabMocks([known]),
        { request: { query: LiveBookingUpdatesDocument }, result: { data: { bookingUpdated: fresh } }, delay: 300 },
        countsMock({ REQUESTS: 2 }, [fresh]),
        listMock([fresh, known]),
      ],
    });
    await screen.findByRole('article', { name: 'Booking Request from First Brand' });
    const card = await screen.findByRole('article', { name: 'Booking Request from New Brand' });
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Requests (2)' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('My Bookings, grouped', () => {
  const brandRequest = () =>
    booking({
      viewerRole: 'BOOKER',
      creator: {
        __typename: 'BookingCreator',
        id: 'p-2',
        userId: 'u-2',
        displayName: 'Luna',
        profileImageUrl: null,
        avatarUrl: null,
      },
    });

  it('puts Requests first, open, with every count, when a request waits for the creator; a click picks a group', async () => {
    const user = userEvent.setup();
    const request = booking({ availableActions: ['ACCEPT', 'DECLINE'] });
    const done = booking({
      status: 'COMPLETED',
      paymentStatus: 'ALLOCATED',
      booker: { __typename: 'BookingBooker', id: 'u7', name: 'Old Friend', email: 'o@x.test' },
    });
    renderPage(
      <>
        <BookingsTab profile={PROFILE} />
        <LocationProbe />
      </>,
      {
        path: '/dashboard?tab=bookings',
        route: '/dashboard',
        mocks: [
          countsMock({ UPCOMING: 2, REQUESTS: 1, PAST: 5, CANCELLED: 3 }, [request]),
          listMock([request], 'REQUESTS'),
          listMock([done], 'PAST'),
        ],
      },
    );
    const groups = await screen.findByRole('tablist', { name: 'Booking groups' });
    await waitFor(() =>
      expect(
        within(groups)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['Requests (1)', 'Upcoming (2)', 'Past (5)', 'Cancelled (3)']),
    );
    expect(within(groups).getByRole('tab', { name: 'Requests (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Booking Request from Acme Games' })).toBeInTheDocument();

    await user.click(within(groups).getByRole('tab', { name: 'Past (5)' }));
    expect(await screen.findByRole('article', { name: 'Collab with Old Friend' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Booking Request from Acme Games' })).not.toBeInTheDocument();
    // The pick is in the URL beside the dashboard's own tab (a reload or a shared link keeps both).
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?tab=bookings&group=past'));
  });

  it('a link (or a reload) naming a group opens that group, though another one waits', async () => {
    const request = booking({ availableActions: ['ACCEPT', 'DECLINE'] });
    const gone = booking({ status: 'CANCELLED', paymentStatus: 'VOIDED' });
    renderPage(<BookingsTab profile={PROFILE} />, {
      path: '/dashboard?tab=bookings&group=cancelled',
      route: '/dashboard',
      mocks: [countsMock({ REQUESTS: 1, CANCELLED: 1 }, [request]), listMock([gone], 'CANCELLED')],
    });
    expect(await screen.findByRole('article', { name: 'Collab with Acme Games' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it("keeps the usual order and opens on Upcoming when the brand's requests wait for the creator", async () => {
    const soon = booking({ status: 'CONFIRMED', viewerRole: 'BOOKER', creator: brandRequest().creator });
    renderPage(<BookingsTab profile={null} />, {
      mocks: [countsMock({ UPCOMING: 1, REQUESTS: 2 }, [brandRequest()]), listMock([soon], 'UPCOMING')],
    });
    expect(await screen.findByRole('article', { name: 'Collab with Luna' })).toBeInTheDocument();
    const groups = screen.getByRole('tablist', { name: 'Booking groups' });
    expect(
      within(groups)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Upcoming (1)', 'Requests (2)', 'Past (0)', 'Cancelled (0)']);
    expect(within(groups).getByRole('tab', { name: 'Upcoming (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens on the first group holding bookings, and says so when a group is empty', async () => {
    const user = userEvent.setup();
    const gone = booking({ status: 'CANCELLED', paymentStatus: 'VOIDED' });
    renderPage(<BookingsTab profile={PROFILE} />, {
      path: '/dashboard?tab=bookings',
      route: '/dashboard',
      mocks: [countsMock({ CANCELLED: 1 }), listMock([gone], 'CANCELLED'), listMock([], 'UPCOMING')],
    });
    expect(await screen.findByRole('article', { name: 'Collab with Acme Games' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled (1)' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Upcoming (0)' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Upcoming (0)' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByText(/^No upcoming bookings\./)).toBeInTheDocument();
  });

  it("a notification's link opens the group of the booking it names", async () => {
    const gone = booking({ status: 'CANCELLED', paymentStatus: 'VOIDED' });
    const request = booking({ availableActions: ['ACCEPT', 'DECLINE'] });
    renderPage(<BookingsTab profile={PROFILE} />, {
      path: `/dashboard?tab=bookings&booking=${gone.id}`,
      route: '/dashboard',
      mocks: [
        countsMock({ REQUESTS: 1, CANCELLED: 1 }, [request]),
        {
          request: { query: BookingLinkGroupDocument, variables: { id: gone.id } },
          result: { data: { booking: { __typename: 'Booking', id: gone.id, group: 'CANCELLED' } } },
        },
        listMock([gone], 'CANCELLED'),
      ],
    });
    expect(await screen.findByRole('article', { name: 'Collab with Acme Games' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled (1)' })).toHaveAttribute('aria-selected', 'true');
  });
});
