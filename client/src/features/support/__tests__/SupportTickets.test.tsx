import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SetSupportTicketStatusDocument, SupportTicketsDocument } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { SupportTickets } from '../components/SupportTickets';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => toaster.remove());

const ticket = (n: number, over: object = {}) => ({
  __typename: 'SupportTicket',
  id: `00000000-0000-4000-8000-00000000000${n}`,
  reference: `T-0000000${n}`,
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  subject: `Question ${n}`,
  category: 'billing',
  message: `Line one of message ${n}\nLine two`,
  userId: n === 1 ? 'u1' : null,
  status: 'OPEN',
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
  closedAt: null,
  ...over,
});

const listMock = (status: string, tickets: object[]): MockedResponse => ({
  request: { query: SupportTicketsDocument, variables: { status } },
  result: { data: { supportTickets: tickets } },
});

describe('Support tickets', () => {
  it('lists open tickets newest first with sender, reference and message; closing one moves it to Closed', async () => {
    const user = userEvent.setup();
    const close = vi.fn(() => ({
      data: { setSupportTicketStatus: ticket(2, { status: 'CLOSED', closedAt: '2026-11-27T10:00:00.000Z' }) },
    }));
    renderPage(<SupportTickets />, {
      path: '/support',
      mocks: [
        listMock('OPEN', [ticket(2), ticket(1)]),
        { request: { query: SetSupportTicketStatusDocument, variables: { id: ticket(2).id, status: 'CLOSED' } }, result: close },
        listMock('OPEN', [ticket(1)]),
        listMock('CLOSED', [ticket(2, { status: 'CLOSED', closedAt: '2026-11-27T10:00:00.000Z' })]),
      ],
    });

    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Question 2', 'Question 1']);
    const newest = cards[0];
    expect(newest).toHaveTextContent('T-00000002 · Billing & payments');
    expect(newest).toHaveTextContent('From Sender 2');
    expect(within(newest).getByRole('link', { name: 'sender2@example.com' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:sender2@example\.com\?subject=Re%3A%20Question%202%20%5BT-00000002%5D/),
    );
    expect(within(newest).getByLabelText('Message from Sender 2')).toHaveTextContent('Line one of message 2 Line two');

    await user.click(within(newest).getByRole('button', { name: 'Close ticket T-00000002' }));
    expect(await screen.findByText('T-00000002 closed')).toBeInTheDocument();
    expect(close).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('article').map((c) => within(c).getByRole('heading').textContent)).toEqual(['Question 1']);

    await user.selectOptions(screen.getByLabelText('Show tickets'), 'CLOSED');
    const closed = await screen.findByRole('article', { name: 'Question 2' });
    expect(within(closed).getByText(/^Closed/)).toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: 'Reopen ticket T-00000002' })).toBeInTheDocument();
  });

  it('says so when there is no ticket', async () => {
    renderPage(<SupportTickets />, { path: '/support', mocks: [listMock('OPEN', [])] });
    expect(await screen.findByText('No tickets here.')).toBeInTheDocument();
  });
});
