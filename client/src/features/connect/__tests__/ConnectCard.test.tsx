import type { MockedResponse } from '@apollo/client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddTestFundsDocument, ConnectStatusDocument, StartConnectOnboardingDocument } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { ConnectCard } from '../components/ConnectCard';

const statusMock = (connected: boolean, onboardingComplete: boolean, enabled: boolean): MockedResponse => ({
  request: { query: ConnectStatusDocument },
  result: {
    data: {
      connectStatus: {
        __typename: 'ConnectStatus',
        connected,
        onboardingComplete,
        chargesEnabled: enabled,
        payoutsEnabled: enabled,
      },
    },
  },
});

// Dialogs and user-event typing are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => toaster.remove());

describe('Connect card', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers Complete Setup for an unfinished account and opens onboarding in a new tab', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage(<ConnectCard />, {
      mocks: [
        statusMock(true, false, false),
        {
          request: {
            query: StartConnectOnboardingDocument,
            variables: { returnUrl: '/dashboard?tab=availability' },
          },
          result: {
            data: {
              createConnectAccount: { __typename: 'ConnectOnboarding', url: 'http://localhost/connect/onboard/acct_1' },
            },
          },
        },
      ],
    });
    expect(await screen.findByText('Setup Incomplete')).toBeInTheDocument();
    expect(screen.getByText('Charges:')).toHaveTextContent('Charges: Disabled');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByText('Opening onboarding in a new tab...')).toBeInTheDocument();
    expect(tab.location.href).toBe('http://localhost/connect/onboard/acct_1');
    expect(tab.opener).toBeNull();
  });

  it('says the connect process failed to start, and closes the blank tab', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage(<ConnectCard />, {
      mocks: [
        statusMock(false, false, false),
        {
          request: {
            query: StartConnectOnboardingDocument,
            variables: { returnUrl: '/dashboard?tab=availability' },
          },
          result: { errors: [new GraphQLError('Only creators can connect a payout account')] },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Failed to start Stripe Connect process')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('Fully Connected has no onboarding button; $500 adds test funds', async () => {
    const user = userEvent.setup();
    renderPage(<ConnectCard />, {
      mocks: [
        statusMock(true, true, true),
        {
          request: { query: AddTestFundsDocument, variables: { amountCents: 50000 } },
          result: {
            data: {
              addTestFunds: {
                __typename: 'TestFundsResult',
                amountAddedCents: 50000,
                newAvailableBalanceCents: 125000,
              },
            },
          },
        },
      ],
    });
    expect(await screen.findByText('Fully Connected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /connect|complete setup/i })).not.toBeInTheDocument();
    const funds = screen.getByRole('button', { name: 'Add $500 test funds' });
    expect(funds).toHaveTextContent('$500');
    await user.click(funds);
    expect(await screen.findByText('Test funds added')).toBeInTheDocument();
    expect(screen.getByText(/New available balance: \$1,250\.00/)).toBeInTheDocument();
  });

  it('says "Failed to add test funds" on error', async () => {
    const user = userEvent.setup();
    renderPage(<ConnectCard />, {
      mocks: [
        statusMock(true, true, true),
        {
          request: { query: AddTestFundsDocument, variables: { amountCents: 50000 } },
          result: { errors: [new GraphQLError('Test mode only')] },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Add $500 test funds' }));
    expect(await screen.findByText('Failed to add test funds')).toBeInTheDocument();
  });
});
