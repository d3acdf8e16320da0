import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiKeyUsageDocument,
  RevokeDeveloperApiKeyDocument,
  SupportUserIntegrationsDocument,
  SupportUserSearchDocument,
  WebhookDeliveriesDocument,
} from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { SupportIntegrations } from '../components/SupportIntegrations';

// Dialogs and user-event typing are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
const WAIT = { timeout: 10_000 };
afterEach(() => toaster.remove());

const USER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const KEY_BASE = { __typename: 'ApiKey', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null, expiresAt: null, rateLimitPerMinute: 600 };
const LIVE = { ...KEY_BASE, id: 'key-live', name: 'Agency dashboard', prefix: 'chk_live_AbCd1234', status: 'ACTIVE', revokedAt: null };
const OLD = { ...KEY_BASE, id: 'key-old', name: 'Old script', prefix: 'chk_live_ZyXw9876', status: 'REVOKED', revokedAt: '2026-11-10T10:00:00.000Z' };
const ENDPOINT = {
  __typename: 'WebhookEndpoint',
  id: 'wh-1',
  userId: USER_ID,
  url: 'https://hooks.partner.test/collabhub',
  eventTypes: ['booking.confirmed'],
  enabled: true,
  createdAt: '2026-11-02T10:00:00.000Z',
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
};
const DELIVERY = {
  __typename: 'WebhookDelivery',
  id: 'd-1',
  eventType: 'booking.confirmed',
  eventCreatedAt: '2026-11-24T10:00:00.000Z',
  status: 'FAILED',
  attempts: 3,
  lastAttemptAt: '2026-11-24T10:05:00.000Z',
  nextAttemptAt: null,
  responseStatus: 500,
  responseTimeMs: 42,
  responseBody: 'boom',
  error: null,
};

const match = (id: string, email: string, displayName: string | null, accountType = 'BRAND') => ({
  __typename: 'SupportAccountMatch',
  id,
  email,
  accountType,
  displayName,
  createdAt: '2026-10-01T00:00:00.000Z',
});
const searchMock = (query: string, found: ReturnType<typeof match>[]): MockedResponse => ({
  request: { query: SupportUserSearchDocument, variables: { query } },
  result: { data: { supportUserSearch: found } },
});

const usage = (id: string): MockedResponse => ({ request: { query: ApiKeyUsageDocument, variables: { id } }, result: { data: { apiKeyUsage: [] } } });

describe('Support console: Integrations', () => {
  it("finds the one account matching part of an e-mail and shows its keys (revoked too) and endpoints with deliveries, read-only apart from Revoke and Disable, each with a reason", async () => {
    const user = userEvent.setup();
    const revoke = vi.fn(() => ({ data: { revokeApiKey: { __typename: 'ApiKey', id: 'key-live', status: 'REVOKED', revokedAt: '2026-11-24T12:00:00.000Z' } } }));
    renderPage(<SupportIntegrations />, {
      mocks: [
        searchMock('team@partner', [match(USER_ID, 'team@partner.test', 'Partner Agency')]),
        { request: { query: SupportUserIntegrationsDocument, variables: { userId: USER_ID } }, result: { data: { apiKeys: [LIVE, OLD], webhookEndpoints: [ENDPOINT] } } },
        usage('key-live'),
        usage('key-old'),
        {
          request: { query: WebhookDeliveriesDocument, variables: { endpointId: 'wh-1', first: 20 } },
          result: { data: { webhookDeliveries: { __typename: 'WebhookDeliveryConnection', totalCount: 1, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, edges: [{ __typename: 'WebhookDeliveryEdge', node: DELIVERY }] } } },
        },
        { request: { query: RevokeDeveloperApiKeyDocument, variables: { id: 'key-live', reason: 'Key posted in a public forum' } }, result: revoke },
      ],
    });

    await user.type(screen.getByLabelText('E-mail or name'), ' team@partner ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    // One match opens at once.
    const account = await screen.findByTestId('support-integrations-account', undefined, WAIT);
    expect(account).toHaveTextContent('Partner Agency');
    expect(account).toHaveTextContent('team@partner.test');
    const cards = await within(account).findAllByTestId('api-key-card', undefined, WAIT);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Agency dashboard');
    expect(cards[0]).toHaveTextContent('chk_live_AbCd1234');
    expect(cards[1]).toHaveTextContent('Old script');
    expect(cards[1]).toHaveTextContent('revoked');
    expect(within(cards[1]).queryByRole('button', { name: 'Revoke' })).toBeNull();

    const endpoint = within(account).getByTestId('webhook-endpoint-card');
    expect(endpoint).toHaveTextContent('https://hooks.partner.test/collabhub');
    expect(endpoint).toHaveTextContent('booking.confirmed');
    expect(endpoint).toHaveTextContent('enabled');
    // None of the owner's endpoint actions (repoint, new secret, delete); support may only disable it, with a reason.
    for (const name of [/rotate secret/i, /delete/i, /^enable$/i]) expect(within(endpoint).queryByRole('button', { name })).toBeNull();
    expect(within(endpoint).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    await user.click(within(endpoint).getByRole('button', { name: 'Deliveries' }));
    const row = await within(endpoint).findByTestId('delivery-row', undefined, WAIT);
    expect(row).toHaveTextContent('failed');
    expect(row).toHaveTextContent('500');
    expect(within(endpoint).queryByRole('button', { name: /resend/i })).toBeNull();
    expect(within(endpoint).queryByRole('button', { name: /replay/i })).toBeNull();

    // Revoke asks first, then the card shows the key revoked.
    await user.click(within(cards[0]).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' }, WAIT);
    expect(revoke).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why: the account sees the reason');
    expect(revoke).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/reason/i), ' Key posted in a public forum ');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1), WAIT);
    await waitFor(() => expect(within(cards[0]).queryByRole('button', { name: 'Revoke' })).toBeNull(), WAIT);
    expect(cards[0]).toHaveTextContent('revoked');
  });

  it('lists several matches of a name to choose from, says so when none matches, and asks for at least 2 characters', async () => {
    const user = userEvent.setup();
    const OTHER_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
    renderPage(<SupportIntegrations />, {
      mocks: [
        searchMock('nova', [match(USER_ID, 'nova@creators.test', 'Nova Streams', 'CREATOR'), match(OTHER_ID, 'novagames@partner.test', null)]),
        { request: { query: SupportUserIntegrationsDocument, variables: { userId: OTHER_ID } }, result: { data: { apiKeys: [], webhookEndpoints: [] } } },
        searchMock('nobody', []),
      ],
    });
    await user.type(screen.getByLabelText('E-mail or name'), 'n');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 2 characters of an e-mail or a name')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail or name'), 'ova');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const list = await screen.findByRole('list', { name: 'Matching accounts' }, WAIT);
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual(['Nova Streamsnova@creators.testcreator', 'novagames@partner.testbrand']);
    expect(screen.queryByTestId('support-integrations-account')).toBeNull();
    expect(screen.queryByText(/^The first 10 matches/)).toBeNull();
    await user.click(rows[1]!);
    const account = await screen.findByTestId('support-integrations-account', undefined, WAIT);
    expect(account).toHaveTextContent('novagames@partner.test');
    expect(await within(account).findByText('This account has no API keys.', undefined, WAIT)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('E-mail or name'));
    await user.type(screen.getByLabelText('E-mail or name'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No account matches.', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('support-integrations-account')).toBeNull();
  });
});
