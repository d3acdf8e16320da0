import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CancelBookingDocument,
  CheckoutBookingDocument,
  CheckoutClientSecretDocument,
  CheckoutPaymentConfigDocument,
  ConfirmLocalPaymentDocument,
  VerifyBookingPaymentDocument,
} from '../../../gql/graphql';
import { formatDeadline, viewerZone } from '../../../shared/lib/zoned-time';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { signedIn } from '../../../test/session';
import { ABANDONED_CHECKOUT_REASON } from '../hooks/useAbandonCheckout';
import { CheckoutPage } from '../pages/CheckoutPage';

const BOOKING_ID = '6f1c2c52-8a38-4b8e-9f1e-5d1a2b3c4d5e';
const INTENT_ID = 'pi_local_123';
const SECRET = 'pi_local_123_secret_abc';
const CHECKOUT_PATH = `/stripe-checkout?booking_id=${BOOKING_ID}&payment_intent=${INTENT_ID}`;

const configMock: MockedResponse = {
  request: { query: CheckoutPaymentConfigDocument },
  result: { data: { paymentConfig: { __typename: 'PaymentConfig', provider: 'LOCAL', publishableKey: null } } },
};

const secretMock: MockedResponse = {
  request: { query: CheckoutClientSecretDocument, variables: { paymentIntentId: INTENT_ID } },
  result: { data: { paymentIntentClientSecret: SECRET } },
};

function confirmMock(result: MockedResponse['result'], delay = 0): MockedResponse {
  return {
    request: {
      query: ConfirmLocalPaymentDocument,
      variables: {
        paymentIntentId: INTENT_ID,
        clientSecret: SECRET,
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      },
    },
    delay,
    result,
  };
}

const held = {
  data: { confirmLocalPayment: { __typename: 'LocalPaymentResult', id: INTENT_ID, status: 'REQUIRES_CAPTURE' } },
};

function verifyMock(result: MockedResponse['result']) {
  const fn = vi.fn(() => result as never);
  const mock: MockedResponse = {
    request: {
      query: VerifyBookingPaymentDocument,
      variables: { input: { bookingId: BOOKING_ID, paymentIntentId: INTENT_ID } },
    },
    result: fn,
  };
  return { mock, fn };
}

const confirmed = {
  data: {
    verifyBookingPayment: {
      __typename: 'BookingPaymentVerification',
      bookingConfirmed: true,
      booking: { __typename: 'Booking', id: BOOKING_ID, status: 'PENDING', paymentStatus: 'HELD' },
    },
  },
};

async function fillCard(number = '4242424242424242') {
  const user = userEvent.setup();
  const fill = async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
  await fill(await screen.findByLabelText(/card number/i), number);
  await fill(screen.getByLabelText(/expiry/i), '1234');
  await fill(screen.getByLabelText(/cvc/i), '123');
  await fill(screen.getByLabelText(/name on card/i), 'Ada Lovelace');
  return user;
}

function renderCheckout(mocks: MockedResponse[], path = CHECKOUT_PATH) {
  return renderPage(<CheckoutPage />, { path, route: '/stripe-checkout', mocks: [signedIn(), ...mocks] });
}

const START = '2030-05-03T14:00:00.000Z';
const bookingMock: MockedResponse = {
  request: { query: CheckoutBookingDocument, variables: { id: BOOKING_ID } },
  result: {
    data: {
      booking: {
        __typename: 'Booking',
        id: BOOKING_ID,
        startTime: START,
        endTime: '2030-05-03T16:00:00.000Z',
        totalHours: 2,
        hourlyRateCents: 6000,
        totalCents: 12000,
        status: 'PENDING',
        paymentStatus: 'UNPAID',
        requestDeadline: '2030-04-30T09:00:00.000Z',
        checkoutExpiresAt: '2030-04-24T09:15:00.000Z',
        cancellationTerms: { __typename: 'CancellationTerms', freeUntil: '2030-05-02T14:00:00.000Z', lateKeptPercent: 50 },
        creator: { __typename: 'BookingCreator', id: 'p-1', displayName: 'Nova Rivers', profileImageUrl: null, avatarUrl: null },
      },
    },
  },
};

describe('Checkout page', () => {
  beforeEach(() => toaster.remove());

  it('shows what is paid for beside the card form: creator, hours in the viewer zone, total, the hold and the cancellation rule', async () => {
    renderCheckout([configMock, secretMock, bookingMock]);
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    const zone = viewerZone();
    expect(summary).toHaveTextContent('Collab with Nova Rivers');
    expect(summary).toHaveTextContent('$60.00 × 2 hours');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$120.00');
    expect(summary).toHaveTextContent(zone);
    expect(screen.getByTestId('summary-hold')).toHaveTextContent(
      `held on your card, not charged, until Nova Rivers accepts. They have until ${formatDeadline('2030-04-30T09:00:00.000Z', zone)} to answer`,
    );
    expect(screen.getByTestId('cancellation-policy')).toHaveTextContent(
      `Free cancellation until ${formatDeadline('2030-05-02T14:00:00.000Z', zone)}; after that 50 % is kept.`,
    );
    expect(await screen.findByRole('button', { name: 'Complete Payment · $120.00' })).toBeEnabled();
  });

  it('without booking_id or payment_intent it toasts "Invalid checkout parameters" and goes to the dashboard', async () => {
    renderCheckout([], `/stripe-checkout?booking_id=${BOOKING_ID}`);
    expect(await screen.findByText('Invalid checkout parameters')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('shows the loading state, then the local card form with the page texts', async () => {
    renderCheckout([{ ...configMock, delay: 200 }, secretMock]);
    expect(await screen.findByText('Loading payment form...')).toBeInTheDocument();
    expect(await screen.findByLabelText(/card number/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByText(/held securely and only charged when the creator accepts/i)).toBeInTheDocument();
    expect(screen.getByText(/you agree to our/i)).toBeInTheDocument();
    expect(screen.getByText(BOOKING_ID)).toBeInTheDocument();
  });

  it('while the card is confirmed the button reads "Processing Payment..." and both buttons are disabled', async () => {
    const { mock: verify } = verifyMock(confirmed);
    renderCheckout([configMock, secretMock, confirmMock(held, 150), verify]);
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));

    const processing = await screen.findByRole('button', { name: /processing payment/i });
    expect(processing).toBeDisabled();
    expect(screen.getByText('Processing Payment...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('a held payment (requires_capture) is verified, then the browser goes to the dashboard with payment=success', async () => {
    const { mock: verify, fn } = verifyMock(confirmed);
    renderCheckout([configMock, secretMock, confirmMock(held), verify]);
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location-search')).toHaveTextContent(`?payment=success&booking_id=${BOOKING_ID}`);
  });

  it("a declined card shows the provider's message and stays on the page", async () => {
    const declined = {
      errors: [new GraphQLError('Your card was declined.', { extensions: { code: 'PAYMENT_FAILED' } })],
    };
    renderCheckout([configMock, secretMock, confirmMock(declined)]);
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(await screen.findByText('Payment failed: Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('an error that is not about the card shows "An unexpected error occurred."', async () => {
    const broken = {
      errors: [new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })],
    };
    renderCheckout([configMock, secretMock, confirmMock(broken)]);
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred.');
  });

  it('any status other than requires_capture is shown as "Payment status: {status}"', async () => {
    const needsAction = {
      data: { confirmLocalPayment: { __typename: 'LocalPaymentResult', id: INTENT_ID, status: 'REQUIRES_ACTION' } },
    };
    renderCheckout([configMock, secretMock, confirmMock(needsAction)]);
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment status: requires_action');
  });

  it('a failed verification after a held payment asks the user to contact support', async () => {
    const { mock: verify } = verifyMock({ errors: [new GraphQLError('Payment not found')] });
    renderCheckout([configMock, secretMock, confirmMock(held), verify]);
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment succeeded but verification failed. Please contact support.',
    );
  });

  it('a client secret that cannot be loaded shows the Payment Error card', async () => {
    const failed: MockedResponse = {
      request: secretMock.request,
      result: { errors: [new GraphQLError('Forbidden', { extensions: { code: 'FORBIDDEN' } })] },
    };
    renderCheckout([configMock, failed]);
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load payment form. Please try again.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load payment form')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('Cancel asks to cancel the unpaid booking (freeing its hours) and goes to the dashboard with "Payment cancelled", even when that fails', async () => {
    const cancelled = vi.fn(() => ({ errors: [new GraphQLError('This booking can no longer be cancelled')] }));
    const cancelMock: MockedResponse = {
      request: {
        query: CancelBookingDocument,
        variables: { input: { bookingId: BOOKING_ID, reason: ABANDONED_CHECKOUT_REASON } },
      },
      result: cancelled as never,
    };
    renderCheckout([configMock, secretMock, cancelMock]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    // The toast is raised before the navigation renders: wait for the dashboard, don't race it.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(cancelled).toHaveBeenCalledTimes(1);
  });
});
