import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreateWebhookEndpointDocument, WebhookEndpointsDocument } from '../../../gql/graphql';
import { renderPage } from '../../../test/render';
import { WebhooksSection } from '../components/WebhooksSection';

const EVENT_TYPES = ['booking.created', 'booking.confirmed', 'booking.cancelled', 'creator.updated'];
const URL = 'https://hooks.example.com/collabhub';

function endpointsMock(endpoints: unknown[]): MockedResponse {
  return { request: { query: WebhookEndpointsDocument }, result: { data: { webhookEndpoints: endpoints, webhookEventTypes: EVENT_TYPES } } };
}

const created = {
  __typename: 'WebhookEndpoint',
  id: 'wh-1',
  userId: 'user-1',
  url: URL,
  eventTypes: ['booking.confirmed', 'creator.updated'],
  enabled: true,
  createdAt: '2026-11-24T12:00:00.000Z',
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
};

/** The lazily loaded estimator and the toasts can take a while on a loaded machine. */
const WAIT = { timeout: 10_000 };

describe('Webhooks section', () => {
  it('adds an endpoint with the two event types ticked, each checkbox ticking its own type', async () => {
    const user = userEvent.setup();
    const create = vi.fn(() => ({ data: { createWebhookEndpoint: { __typename: 'CreateWebhookEndpointPayload', secret: 'whsec_c2VjcmV0', endpoint: created } } }));
    renderPage(<WebhooksSection />, {
      mocks: [
        endpointsMock([]),
        { request: { query: CreateWebhookEndpointDocument, variables: { input: { url: URL, eventTypes: ['booking.confirmed', 'creator.updated'] } } }, result: create },
        endpointsMock([created]),
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' }, WAIT);
    await user.type(within(dialog).getByLabelText(/endpoint url/i), URL);
    await user.click(within(dialog).getByText('booking.confirmed', { exact: true }));
    await user.click(within(dialog).getByText('creator.updated', { exact: true }));

    expect(within(dialog).getByRole('checkbox', { name: 'booking.confirmed' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'creator.updated' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'booking.created' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1), WAIT);
    expect(await screen.findByTestId('secret-value', undefined, WAIT)).toHaveTextContent('whsec_c2VjcmV0');
  });
});
