import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  MarkNotificationsReadDocument,
  NotificationAddedDocument,
  NotificationsDocument,
  UnreadNotificationCountDocument,
  type NotificationItem_NotificationFragment,
} from '../../../gql/graphql';
import { renderPage } from '../../../test/render';
import { signedIn } from '../../../test/session';
import { NavNotificationBell } from '../components/NavNotificationBell';

vi.setConfig({ testTimeout: 20_000 });

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

type Row = NotificationItem_NotificationFragment & { __typename: 'Notification' };

function notification(id: string, partial: Partial<NotificationItem_NotificationFragment> = {}): Row {
  return {
    __typename: 'Notification',
    id,
    type: 'booking.created',
    text: `Notification ${id}`,
    bookingId: `booking-${id}`,
    conversationId: null,
    bookingStartTime: null,
    bookingEndTime: null,
    readAt: null,
    createdAt: minutesAgo(5),
    ...partial,
  };
}

const countMock = (count: number, extra: Partial<MockedResponse> = {}): MockedResponse => ({
  request: { query: UnreadNotificationCountDocument },
  result: {
    data: {
      unreadNotificationCount: count,
      unreadNotificationSummary: { __typename: 'UnreadNotificationSummary', total: count, bookings: count, messages: 0 },
    },
  },
  ...extra,
});

function pageMock(nodes: Row[], { after, next }: { after?: string; next?: string } = {}): MockedResponse {
  return {
    request: { query: NotificationsDocument, variables: after ? { first: 10, after } : { first: 10 } },
    result: {
      data: {
        notifications: {
          __typename: 'NotificationConnection',
          totalCount: 12,
          pageInfo: { __typename: 'PageInfo', endCursor: next ?? null, hasNextPage: Boolean(next) },
          edges: nodes.map((node) => ({ __typename: 'NotificationEdge', cursor: `c-${node.id}`, node })),
        },
      },
    },
  };
}

const bellButton = () => screen.getByRole('button', { name: /^Notifications/ });

describe('the notification bell', () => {
  it('is not shown to a signed-out visitor', async () => {
    renderPage(<NavNotificationBell />, { mocks: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('shows the unread count and adds each notification that arrives live', async () => {
    const live: MockedResponse = {
      request: { query: NotificationAddedDocument },
      result: { data: { notificationAdded: notification('n-live', { type: 'message.created', text: 'Nova: Hi there', conversationId: 'conv-1', bookingId: null }) } },
      delay: 400,
    };
    renderPage(<NavNotificationBell />, { mocks: [signedIn(), countMock(2), live] });
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2');
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notifications, 3 unread'));
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('3');
  });

  it('lists notifications newest first with links, pages on, and marks all as read', async () => {
    const user = userEvent.setup();
    const markAll = vi.fn(() => ({ data: { markNotificationsRead: 0 } }));
    const first = [
      notification('n3', { type: 'message.created', text: 'Acme Games: Can we move to 3 pm?', conversationId: 'conv-1', bookingId: null, createdAt: minutesAgo(1) }),
      notification('n2', { type: 'booking.created', text: 'New booking request from Acme Games', createdAt: minutesAgo(90) }),
    ];
    const older = [notification('n1', { type: 'payout.paid', text: 'Payout sent: $72.00', readAt: minutesAgo(10), createdAt: minutesAgo(60 * 30) })];
    renderPage(<NavNotificationBell />, {
      mocks: [
        signedIn(),
        countMock(2),
        pageMock(first, { next: 'c-n2' }),
        pageMock(older, { after: 'c-n2' }),
        { request: { query: MarkNotificationsReadDocument, variables: { input: { all: true } } }, result: markAll },
      ],
    });
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notifications, 2 unread'));
    await user.click(bellButton());

    const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
    const rows = () => within(list).getAllByRole('link');
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Acme Games: Can we move to 3 pm?'),
      expect.stringContaining('New booking request from Acme Games'),
    ]);
    expect(rows()[0]).toHaveAttribute('href', '/dashboard?tab=messages&conversation=conv-1');
    expect(rows()[1]).toHaveAttribute('href', '/dashboard?tab=bookings&booking=booking-n2');
    expect(within(list).getAllByRole('img', { name: 'Unread' })).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Load more' }));
    await within(list).findByText('Payout sent: $72.00');
    expect(rows()).toHaveLength(3);
    expect(within(list).queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notifications'));
    expect(markAll).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(within(list).queryAllByRole('img', { name: 'Unread' })).toHaveLength(0);
  });

  it("shows who wrote a message and what they wrote, and names the booking a message is about", async () => {
    const user = userEvent.setup();
    const preview = 'Maya Lopez: Thanks for the stream yesterday. Could we move Thursday to 3 pm instead…';
    const rows = [
      notification('n3', { type: 'message.created', text: preview, conversationId: 'conv-1', bookingId: null, createdAt: minutesAgo(1) }),
      notification('n2', { type: 'message.created', text: 'Support: 📎 refund policy.pdf', conversationId: 'conv-2', bookingId: null, createdAt: minutesAgo(2) }),
      notification('n1', {
        type: 'message.created',
        text: 'Acme Games: I declined the proposed time',
        conversationId: 'conv-1',
        bookingId: 'booking-7',
        bookingStartTime: '2031-06-12T15:00:00.000Z',
        bookingEndTime: '2031-06-12T17:00:00.000Z',
        createdAt: minutesAgo(3),
      }),
    ];
    renderPage(<NavNotificationBell />, { mocks: [signedIn(), countMock(3), pageMock(rows)] });
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notifications, 3 unread'));
    await user.click(bellButton());

    const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
    const [first, second, third] = within(list).getAllByRole('link');
    expect(within(first).getByText(preview)).toBeInTheDocument();
    expect(first).toHaveAttribute('href', '/dashboard?tab=messages&conversation=conv-1');
    // No booking: no booking line.
    expect(first.textContent).not.toContain('Booking');
    expect(within(second).getByText('Support: 📎 refund policy.pdf')).toBeInTheDocument();
    // A message about a booking names it the way the booking's own items do, and leads to the conversation.
    expect(within(third).getByText('Acme Games: I declined the proposed time')).toBeInTheDocument();
    expect(third.textContent).toMatch(/Booking \w+, Jun 12 · /);
    expect(third).toHaveAttribute('href', '/dashboard?tab=messages&conversation=conv-1');
  });

  it('says so when there is nothing yet', async () => {
    const user = userEvent.setup();
    renderPage(<NavNotificationBell />, { mocks: [signedIn(), countMock(0), pageMock([])] });
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notifications'));
    await user.click(bellButton());
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
