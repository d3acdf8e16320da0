import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProposalFreeHoursDocument, ProposeBookingTimeDocument, RespondToProposedTimeDocument, type ProposalStatus } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { BookingsTab } from '../../bookings/components/BookingsTab';
import { booking, PROFILE, tabMocks } from '../../bookings/__tests__/fixtures';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => toaster.remove());

const HOUR = 3_600_000;

function proposalMessage(id: string, startTime: string, hours: number, status: ProposalStatus = 'PENDING', bookingId = 'b') {
  return {
    __typename: 'Message' as const,
    id,
    kind: 'PROPOSAL' as const,
    senderId: 'u-creator',
    senderName: 'Nova Streams',
    mine: false,
    text: 'Proposed another time.',
    preview: 'Proposed another time.',
    isSupport: false,
    bookingId,
    eventType: null,
    offerId: null,
    offer: null,
    bookingStartTime: null,
    bookingEndTime: null,
    createdAt: new Date().toISOString(),
    proposal: {
      __typename: 'ProposedTime' as const,
      startTime,
      endTime: new Date(Date.parse(startTime) + hours * HOUR).toISOString(),
      status,
      respondedAt: null,
    },
  };
}

describe("a booking card's conversation", () => {
  it('the creator proposes another time of the same length from their own free hours; the card then shows it waiting', async () => {
    const user = userEvent.setup();
    const request = booking({ availableActions: ['ACCEPT', 'DECLINE', 'PROPOSE_TIME'] });
    // Free hours: a 2-hour run the day after, and a lone hour that is too short for this 2-hour request.
    const runStart = new Date(Date.parse(request.startTime) + 24 * HOUR).toISOString();
    const slot = (id: string, start: string) => ({
      __typename: 'AvailabilitySlot',
      id,
      startTime: start,
      endTime: new Date(Date.parse(start) + HOUR).toISOString(),
      isBooked: false,
    });
    const lone = new Date(Date.parse(request.startTime) + 30 * HOUR).toISOString();
    const freeHours: MockedResponse = {
      request: { query: ProposalFreeHoursDocument },
      variableMatcher: (v: Record<string, unknown>) => v.creatorId === PROFILE.id,
      result: { data: { availabilitySlots: [slot('s1', runStart), slot('s2', new Date(Date.parse(runStart) + HOUR).toISOString()), slot('s3', lone)] } },
    };
    const sent = vi.fn((input: { bookingId: string; startTime: string; endTime: string }) => ({
      data: { proposeBookingTime: { ...proposalMessage('p1', input.startTime, 2, 'PENDING', request.id), mine: true } },
    }));
    const propose: MockedResponse = {
      request: { query: ProposeBookingTimeDocument },
      variableMatcher: () => true,
      result: (vars: { input: { bookingId: string; startTime: string; endTime: string } }) => sent(vars.input),
    };
    renderPage(<BookingsTab profile={PROFILE} />, { mocks: [...tabMocks([request]), freeHours, propose] });

    const card = await screen.findByRole('article', { name: 'Booking Request from Acme Games' });
    await user.click(within(card).getByRole('button', { name: 'Propose another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose another time' });
    const times = await within(dialog).findByRole('list', { name: 'Free times' });
    // Only the 2-hour run is offered: one start.
    expect(within(times).getAllByRole('button')).toHaveLength(1);
    await user.click(within(times).getByRole('button'));
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));

    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]![0]).toEqual({ bookingId: request.id, startTime: runStart, endTime: new Date(Date.parse(runStart) + 2 * HOUR).toISOString() });
    expect(await within(card).findByText('You proposed another time')).toBeInTheDocument();
    expect(within(card).getByText('Waiting for Acme Games to answer.')).toBeInTheDocument();
  });

  it("offers a shift by one hour that overlaps the booking's own hours (they are free for this move)", async () => {
    const user = userEvent.setup();
    const request = booking({ availableActions: ['ACCEPT', 'DECLINE', 'PROPOSE_TIME'] });
    const at = (h: number) => new Date(Date.parse(request.startTime) + h * HOUR).toISOString();
    // The request holds its two hours; the hour after them is free.
    const slot = (id: string, start: string, isBooked: boolean) => ({ __typename: 'AvailabilitySlot', id, startTime: start, endTime: new Date(Date.parse(start) + HOUR).toISOString(), isBooked });
    const freeHours: MockedResponse = {
      request: { query: ProposalFreeHoursDocument },
      variableMatcher: (v: Record<string, unknown>) => v.creatorId === PROFILE.id,
      result: { data: { availabilitySlots: [slot('own1', at(0), true), slot('own2', at(1), true), slot('next', at(2), false)] } },
    };
    const sent = vi.fn((input: { bookingId: string; startTime: string; endTime: string }) => ({
      data: { proposeBookingTime: { ...proposalMessage('p2', input.startTime, 2, 'PENDING', request.id), mine: true } },
    }));
    const propose: MockedResponse = {
      request: { query: ProposeBookingTimeDocument },
      variableMatcher: () => true,
      result: (vars: { input: { bookingId: string; startTime: string; endTime: string } }) => sent(vars.input),
    };
    renderPage(<BookingsTab profile={PROFILE} />, { mocks: [...tabMocks([request]), freeHours, propose] });

    const card = await screen.findByRole('article', { name: 'Booking Request from Acme Games' });
    await user.click(within(card).getByRole('button', { name: 'Propose another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose another time' });
    const times = await within(dialog).findByRole('list', { name: 'Free times' });
    expect(within(dialog).getByText(/^Now: .*Its own hours are free for this move\.$/)).toBeInTheDocument();
    // One start: an hour later (its own second hour and the free one); its current time is not offered.
    expect(within(times).getAllByRole('button')).toHaveLength(1);
    await user.click(within(times).getByRole('button'));
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]![0]).toEqual({ bookingId: request.id, startTime: at(1), endTime: at(3) });
  });

  it("the booker accepts the creator's proposed time from the card, and the card stops offering it", async () => {
    const user = userEvent.setup();
    const base = booking({
      viewerRole: 'BOOKER',
      creatorId: 'p-2',
      availableActions: ['CANCEL'],
      creator: { __typename: 'BookingCreator', id: 'p-2', userId: 'u-creator', displayName: 'Nova Streams', profileImageUrl: null, avatarUrl: null },
      conversation: { __typename: 'Conversation', id: 'c1', unreadCount: 5 },
      // The card counts its own items (the pair's thread has more).
      unreadCount: 2,
    });
    const later = new Date(Date.parse(base.startTime) + 48 * HOUR).toISOString();
    const withProposal = { ...base, openProposal: proposalMessage('p9', later, 2, 'PENDING', base.id) };
    const answered = vi.fn(() => ({ data: { respondToProposedTime: proposalMessage('p9', later, 2, 'ACCEPTED', base.id) } }));
    const respond: MockedResponse = {
      request: { query: RespondToProposedTimeDocument, variables: { input: { messageId: 'p9', accept: true } } },
      result: answered,
    };
    renderPage(<BookingsTab profile={null} />, { mocks: [...tabMocks([withProposal]), respond] });

    const card = await screen.findByRole('article', { name: 'Booking Request to Nova Streams' });
    expect(within(card).getByText('Nova Streams proposed another time')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Messages, 2 unread' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Accept new time' }));
    await waitFor(() => expect(answered).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(within(card).queryByText('Nova Streams proposed another time')).not.toBeInTheDocument());
    expect(await screen.findByText('The booking moved to the new time')).toBeInTheDocument();
  });
});
