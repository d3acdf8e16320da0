import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResolveDisputeDocument, SupportDisputesDocument, WarnUserDocument } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { signedIn } from '../../../test/session';
import { RequireAuth } from '../../auth/components/RequireAuth';
import { booking } from '../../bookings/__tests__/fixtures';
import { parsePartialRefund } from '../lib/support-rules';
import { SupportConsolePage } from '../pages/SupportConsolePage';

// Dialogs and user-event typing are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => toaster.remove());

const DISPUTE = {
  __typename: 'BookingDispute',
  id: 'dddddddd-0000-4000-8000-000000000001',
  kind: 'GENERAL',
  openedBy: 'BOOKER',
  reason: 'The stream ended after 20 minutes',
  evidence: 'https://clips.example/abc',
  respondentStatement: 'My internet went down; I offered to reschedule',
  bookerId: 'u-booker',
  bookerName: 'Acme Games',
  bookerEmail: 'team@acme.test',
  creatorUserId: 'u-creator',
  creatorName: 'Nova Streams',
  creatorEmail: 'nova@example.com',
  resolution: null,
  refundCents: null,
  resolutionNote: null,
  createdAt: '2025-09-16T10:00:00.000Z',
  resolvedAt: null,
  booking: {
    ...booking({
      id: 'bbbbbbbb-0000-4000-8000-000000000001',
      status: 'DISPUTED',
      paymentStatus: 'DISPUTED',
      bookingDetails: 'Co-stream of the launch',
      viewerRole: null,
    }),
    history: [
      {
        __typename: 'BookingHistoryEntry',
        id: 'h1',
        action: 'AUTHORIZE',
        actor: 'system',
        fromStatus: 'PENDING',
        toStatus: 'PENDING',
        fromPaymentStatus: 'UNPAID',
        toPaymentStatus: 'HELD',
        moneyStep: null,
        amountCents: null,
        reason: null,
        createdAt: '2025-09-10T10:00:00.000Z',
      },
      {
        __typename: 'BookingHistoryEntry',
        id: 'h2',
        action: 'OPEN_DISPUTE',
        actor: 'booker',
        fromStatus: 'COMPLETED',
        toStatus: 'DISPUTED',
        fromPaymentStatus: 'ALLOCATED',
        toPaymentStatus: 'DISPUTED',
        moneyStep: 'unallocate',
        amountCents: null,
        reason: 'The stream ended after 20 minutes',
        createdAt: '2025-09-16T10:00:00.000Z',
      },
    ],
  },
};

const disputesMock = (disputes: object[]): MockedResponse => ({
  request: { query: SupportDisputesDocument, variables: { status: 'OPEN' } },
  result: { data: { supportDisputes: disputes } },
});

function renderConsole(mocks: MockedResponse[]) {
  return renderPage(
    <RequireAuth>
      <SupportConsolePage />
    </RequireAuth>,
    { path: '/support', mocks },
  );
}

describe('Support console', () => {
  it('sends users without the support role to /dashboard', async () => {
    renderConsole([signedIn({ role: 'USER' })]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('shows both parties, both statements and the amounts', async () => {
    renderConsole([signedIn({ role: 'SUPPORT' }), disputesMock([DISPUTE])]);
    const card = await screen.findByRole('article', { name: /Acme Games × Nova Streams/ });
    expect(within(card).getByText('The stream ended after 20 minutes')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'https://clips.example/abc' })).toHaveAttribute('target', '_blank');
    expect(within(card).getByText('My internet went down; I offered to reschedule')).toBeInTheDocument();
    expect(within(card).getByText('team@acme.test')).toBeInTheDocument();
    expect(within(card).getByText('$100.00')).toBeInTheDocument();
    expect(within(card).getByText('$90.00')).toBeInTheDocument();
    const history = within(card).getByRole('list', { name: /Booking history/ });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/Authorize by system: Pending \/ Unpaid → Pending \/ Held/),
      expect.stringMatching(/Open dispute by booker: Completed \/ Allocated → Disputed \/ Disputed · “The stream ended after 20 minutes”/),
    ]);
    const actions = within(card).getByRole('group', { name: 'Support actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Refund full', 'Refund partial', 'Release to creator', 'Warn user']);
  });

  it('shows the brief and the deliveries read-only, with their files as links', async () => {
    const file = (id: string, name: string) => ({ __typename: 'File', id, name, signedUrl: `/api/v1/files/${id}/content?viewer=s&expires=1&signature=x` });
    const withWork = {
      ...DISPUTE,
      booking: {
        ...DISPUTE.booking,
        brief: {
          __typename: 'BookingBrief',
          id: 'brief-1',
          version: 2,
          talkingPoints: 'Show the new map in the first 10 minutes',
          links: ['https://acme.test/press-kit'],
          dos: 'Mention the launch date',
          donts: 'No competitor games',
          disclosureRequired: true,
          fileIds: ['f-brief'],
          submittedAt: '2025-09-11T10:00:00.000Z',
          confirmedAt: '2025-09-11T12:00:00.000Z',
          confirmedVersion: 2,
          files: [file('f-brief', 'press-kit.pdf')],
        },
        deliveries: [
          {
            __typename: 'BookingDelivery',
            id: 'del-1',
            number: 1,
            links: ['https://twitch.tv/videos/1'],
            note: 'VOD and a screenshot',
            fileIds: ['f-shot'],
            submittedAt: '2025-09-15T10:00:00.000Z',
            approvalDueAt: '2025-09-18T10:00:00.000Z',
            status: 'CLOSED',
            responseNote: null,
            respondedAt: null,
            respondedBy: null,
            files: [file('f-shot', 'overlay.png')],
          },
        ],
      },
    };
    renderConsole([signedIn({ role: 'SUPPORT' }), disputesMock([withWork])]);
    const card = await screen.findByRole('article', { name: /Acme Games × Nova Streams/ });
    const work = within(card).getByRole('region', { name: 'What was agreed and delivered' });
    expect(within(work).getByText('Show the new map in the first 10 minutes')).toBeInTheDocument();
    expect(within(work).getByText('Ad disclosure required')).toBeInTheDocument();
    expect(within(work).getByRole('link', { name: /press-kit\.pdf/ })).toHaveAttribute('href', expect.stringContaining('/api/v1/files/f-brief/content'));
    expect(within(work).getByText('VOD and a screenshot')).toBeInTheDocument();
    expect(within(work).getByRole('link', { name: 'https://twitch.tv/videos/1' })).toHaveAttribute('target', '_blank');
    expect(within(work).getByRole('link', { name: /overlay\.png/ })).toHaveAttribute('href', expect.stringContaining('/api/v1/files/f-shot/content'));
    // Read-only: support decides the dispute, not the brief or the delivery.
    for (const name of ['Approve', 'Request changes', 'Confirm brief', 'Edit brief', 'Deliver']) expect(within(work).queryByRole('button', { name })).toBeNull();
  });

  it('says when nothing was briefed or delivered', async () => {
    renderConsole([signedIn({ role: 'SUPPORT' }), disputesMock([DISPUTE])]);
    const card = await screen.findByRole('article', { name: /Acme Games × Nova Streams/ });
    const work = within(card).getByRole('region', { name: 'What was agreed and delivered' });
    expect(within(work).getByText('No brief was written.')).toBeInTheDocument();
    expect(within(work).getByText('Nothing was delivered.')).toBeInTheDocument();
  });

  it('a partial refund is typed in dollars, above 0 and below the total', async () => {
    const user = userEvent.setup();
    const resolve = vi.fn(() => ({
      data: {
        resolveDispute: {
          ...DISPUTE,
          resolution: 'REFUND_PARTIAL',
          refundCents: 2550,
          resolvedAt: '2025-09-17T10:00:00.000Z',
        },
      },
    }));
    renderConsole([
      signedIn({ role: 'SUPPORT' }),
      disputesMock([DISPUTE]),
      {
        request: {
          query: ResolveDisputeDocument,
          variables: {
            input: {
              disputeId: DISPUTE.id,
              resolution: 'REFUND_PARTIAL',
              refundCents: 2550,
              note: 'Half the session happened',
            },
          },
        },
        result: resolve,
      },
      disputesMock([]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Refund partial' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/refund amount/i);
    const confirm = within(dialog).getByRole('button', { name: 'Refund partial' });

    await user.type(amount, '0');
    await user.click(confirm);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter an amount between $0.01 and $99.99');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(confirm);
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    expect(resolve).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '25.50');
    // A decision needs a reason: both parties read it.
    await user.click(confirm);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A decision needs a reason (both parties see it)');
    expect(resolve).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/reason/i), '  Half the session happened ');
    await user.click(confirm);
    expect(await screen.findByText('Dispute resolved')).toBeInTheDocument();
    expect(screen.getByText('Partially refunded: $25.50 back to the booker')).toBeInTheDocument();
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('warning a user needs a reason', async () => {
    const user = userEvent.setup();
    const warn = vi.fn(() => ({
      data: {
        warnUser: {
          __typename: 'UserWarning',
          id: 'w1',
          userId: 'u-creator',
          reason: 'Left early',
          bookingId: DISPUTE.booking.id,
          warningCount: 2,
        },
      },
    }));
    renderConsole([
      signedIn({ role: 'SUPPORT' }),
      disputesMock([DISPUTE]),
      {
        request: {
          query: WarnUserDocument,
          variables: { input: { userId: 'u-creator', reason: 'Left early', bookingId: DISPUTE.booking.id } },
        },
        result: warn,
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Warn user' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send Warning' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A warning needs a reason');
    await user.click(within(dialog).getByText('Nova Streams (creator)'));
    await user.type(within(dialog).getByLabelText(/reason/i), 'Left early');
    await user.click(within(dialog).getByRole('button', { name: 'Send Warning' }));
    expect(await screen.findByText('Nova Streams now has 2 warnings')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('partial refund amount', () => {
  it('accepts dollars with up to two decimals strictly between 0 and the refundable amount', () => {
    expect(parsePartialRefund('25.5', 10000)).toEqual({ cents: 2550 });
    expect(parsePartialRefund('99.99', 10000)).toEqual({ cents: 9999 });
    expect(parsePartialRefund('100', 10000)).toHaveProperty('error');
    expect(parsePartialRefund('0', 10000)).toHaveProperty('error');
    expect(parsePartialRefund('abc', 10000)).toHaveProperty('error');
    expect(parsePartialRefund('1.234', 10000)).toHaveProperty('error');
  });
});
