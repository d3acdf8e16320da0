import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NextStepsBookingDocument, type BookingStatus, type PaymentStatus } from '../../../gql/graphql';
import { renderPage } from '../../../test/render';
import { NextStepsCard } from '../components/NextStepsCard';

const ID = 'b-1';

function bookingMock(status: BookingStatus, paymentStatus: PaymentStatus, chargedCents: number, refundedCents = 0): MockedResponse {
  return {
    request: { query: NextStepsBookingDocument, variables: { id: ID } },
    result: {
      data: {
        booking: {
          __typename: 'Booking',
          id: ID,
          status,
          paymentStatus,
          requestDeadline: status === 'PENDING' ? '2031-06-09T08:00:00.000Z' : null,
          creator: { __typename: 'BookingCreator', id: 'p-1', displayName: 'Nova Stream' },
          money: { __typename: 'BookingMoney', chargedCents, refundedCents },
        },
      },
    },
  };
}

const box = async () => within(await screen.findByRole('region', { name: 'What happens next' }));

describe('What happens next, after paying', () => {
  it('while the request waits: the amount is only held, the creator has until the deadline', async () => {
    renderPage(<NextStepsCard bookingId={ID} onDismiss={() => {}} />, { mocks: [bookingMock('PENDING', 'HELD', 0)] });
    const next = await box();
    expect(next.getByText('You are not charged until then; the amount is only held on your card.')).toBeInTheDocument();
    expect(next.getByTestId('next-deadline')).toHaveTextContent('Nova Stream has until');
    expect(next.getByText('You can withdraw the request for free until it is accepted.')).toBeInTheDocument();
  });

  it('once the creator accepted and the card was charged: says what was charged, never "only held"', async () => {
    renderPage(<NextStepsCard bookingId={ID} onDismiss={() => {}} />, { mocks: [bookingMock('CONFIRMED', 'HELD', 9000)] });
    const next = await box();
    expect(next.getByText('Nova Stream accepted your request: see the booking under Bookings.')).toBeInTheDocument();
    expect(next.getByRole('list')).toHaveTextContent('$90.00 was charged to your card.');
    expect(next.queryByText(/only held/)).not.toBeInTheDocument();
    expect(next.queryByText(/withdraw the request for free/)).not.toBeInTheDocument();
  });

  it('a request that ended without a booking: the hold was released, nothing charged', async () => {
    renderPage(<NextStepsCard bookingId={ID} onDismiss={() => {}} />, { mocks: [bookingMock('CANCELLED', 'VOIDED', 0)] });
    const next = await box();
    expect(next.getByText('The hold on your card was released; you were not charged.')).toBeInTheDocument();
    expect(next.queryByText(/only held/)).not.toBeInTheDocument();
  });
});
