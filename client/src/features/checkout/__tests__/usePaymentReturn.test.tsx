import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VerifyBookingPaymentDocument, type VerifyBookingPaymentInput } from '../../../gql/graphql';
import { useUpdateSearchParams } from '../../../shared/hooks/useUpdateSearchParams';
import { toaster } from '../../../shared/toast';
import { LocationProbe, renderPage } from '../../../test/render';
import { signedIn } from '../../../test/session';
import { usePaymentReturn } from '../hooks/usePaymentReturn';

const BOOKING_ID = '0b7f6a2e-1d3c-4f5a-9b8c-7d6e5f4a3b2c';

function DashboardWithPaymentReturn() {
  usePaymentReturn();
  const updateParams = useUpdateSearchParams();
  return (
    <>
      <button type="button" onClick={() => updateParams((p) => p.set('tab', 'bookings'))}>
        Bookings
      </button>
      <LocationProbe />
    </>
  );
}

function verifyMock(input: VerifyBookingPaymentInput, result: MockedResponse['result']) {
  const fn = vi.fn(() => result as never);
  const mock: MockedResponse = { request: { query: VerifyBookingPaymentDocument, variables: { input } }, result: fn };
  return { mock, fn };
}

const answer = (bookingConfirmed: boolean) => ({
  data: {
    verifyBookingPayment: {
      __typename: 'BookingPaymentVerification',
      bookingConfirmed,
      booking: {
        __typename: 'Booking',
        id: BOOKING_ID,
        status: 'PENDING',
        paymentStatus: bookingConfirmed ? 'HELD' : 'UNPAID',
      },
    },
  },
});

function renderDashboard(path: string, mocks: MockedResponse[]) {
  return renderPage(<DashboardWithPaymentReturn />, { path, route: '/dashboard', mocks: [signedIn(), ...mocks] });
}

describe('Return to the dashboard after payment', () => {
  beforeEach(() => toaster.remove());

  it('verifies the booking once, says the booking is confirmed, then resets the URL to /dashboard', async () => {
    const { mock, fn } = verifyMock({ bookingId: BOOKING_ID }, answer(true));
    renderDashboard(`/dashboard?payment=success&booking_id=${BOOKING_ID}`, [mock]);

    expect(await screen.findByText('Request sent! Your payment is held until the creator accepts.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location-search')).toBeEmptyDOMElement());
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('uses the session id when that is what came back, and keeps the selected tab', async () => {
    const { mock, fn } = verifyMock({ sessionId: 'cs_test_1' }, answer(true));
    renderDashboard('/dashboard?tab=bookings&payment=success&session_id=cs_test_1', [mock]);

    expect(await screen.findByText('Request sent! Your payment is held until the creator accepts.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent(/^\?tab=bookings$/));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a tab picked while the payment is being verified is kept when the URL is reset', async () => {
    const { mock } = verifyMock({ bookingId: BOOKING_ID }, answer(true));
    renderDashboard(`/dashboard?payment=success&booking_id=${BOOKING_ID}`, [{ ...mock, delay: 300 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Bookings' }));
    expect(screen.getByTestId('location-search')).toHaveTextContent('tab=bookings');
    expect(await screen.findByText('Request sent! Your payment is held until the creator accepts.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent(/^\?tab=bookings$/));
  });

  it('an unconfirmed booking says "Payment verification failed" / "Please contact support if you were charged"', async () => {
    const { mock } = verifyMock({ bookingId: BOOKING_ID }, answer(false));
    renderDashboard(`/dashboard?payment=success&booking_id=${BOOKING_ID}`, [mock]);

    expect(await screen.findByText('Payment verification failed')).toBeInTheDocument();
    expect(screen.getByText('Please contact support if you were charged')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location-search')).toBeEmptyDOMElement());
  });

  it('a failed verification says "Error" / "Failed to verify payment"', async () => {
    const { mock } = verifyMock({ bookingId: BOOKING_ID }, { errors: [new GraphQLError('Payment not found')] });
    renderDashboard(`/dashboard?payment=success&booking_id=${BOOKING_ID}`, [mock]);

    expect(await screen.findByText('Failed to verify payment')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location-search')).toBeEmptyDOMElement());
  });

  it('does nothing on a plain dashboard visit', async () => {
    const { mock, fn } = verifyMock({ bookingId: BOOKING_ID }, answer(true));
    renderDashboard('/dashboard?tab=overview', [mock]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fn).not.toHaveBeenCalled();
    expect(screen.getByTestId('location-search')).toHaveTextContent('?tab=overview');
  });
});
