import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CreatorsDocument, type CreatorsQuery } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { DiscoverTab } from '../components/DiscoverTab';
import { DISCOVER_PAGE_SIZE } from '../lib/creator-search';

afterEach(() => toaster.remove());

const node = (id: string, displayName: string) => ({
  __typename: 'Profile' as const,
  id,
  displayName,
  profileImageUrl: null, avatarUrl: null,
  isVerified: false,
  averageRating: 0,
  totalBookings: 0,
  reviewCount: 0,
  platforms: ['TWITCH' as const],
  bio: null,
  hourlyRateCents: 5000,
  minimumHours: 1,
  isAvailable: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  nextFreeSlots: [],
});

function page(names: string[], { hasNextPage = false, endCursor = 'c1' } = {}): CreatorsQuery {
  return {
    creators: {
      __typename: 'CreatorConnection',
      edges: names.map((name, i) => ({
        __typename: 'CreatorEdge',
        cursor: `${name}-${i}`,
        node: node(`id-${name}`, name),
      })),
      pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage },
      totalCount: names.length + (hasNextPage ? 1 : 0),
    },
  } as CreatorsQuery;
}

const request = (variables: Record<string, unknown>) => ({
  query: CreatorsDocument,
  variables: { filter: null, first: DISCOVER_PAGE_SIZE, ...variables },
});

describe('Discover tab', () => {
  it('shows 6 skeleton cards while loading, then the creators, and loads more', async () => {
    const user = userEvent.setup();
    renderPage(<DiscoverTab />, {
      mocks: [
        { request: request({}), result: { data: page(['Nova Rivers'], { hasNextPage: true }) }, delay: 50 },
        { request: request({ after: 'c1' }), result: { data: page(['Pixel Pete']) } },
      ],
    });

    expect(screen.getAllByTestId('creator-card-skeleton')).toHaveLength(6);
    expect(await screen.findByRole('heading', { name: 'Nova Rivers' })).toBeInTheDocument();
    expect(screen.queryByTestId('creator-card-skeleton')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Pixel Pete' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nova Rivers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('searches by text (Enter) and platform, shows the empty state, and Clear Filters resets', async () => {
    const user = userEvent.setup();
    renderPage(<DiscoverTab />, {
      mocks: [
        { request: request({}), result: { data: page(['Nova Rivers']) } },
        { request: request({ filter: { search: 'zelda', platform: 'YOUTUBE' } }), result: { data: page([]) } },
        { request: request({}), result: { data: page(['Nova Rivers']) } },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Nova Rivers' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(await screen.findByLabelText('Platform'), 'YOUTUBE');
    await user.type(screen.getByRole('searchbox'), 'zelda{Enter}');

    expect(await screen.findByText('No streamers found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search filters or check back later')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByRole('heading', { name: 'Nova Rivers' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it("a failed search shows the empty list, with the server's message for invalid input", async () => {
    renderPage(<DiscoverTab />, {
      mocks: [
        {
          request: request({}),
          result: {
            errors: [
              { message: 'search must be at most 100 characters', extensions: { code: 'BAD_USER_INPUT' } } as never,
            ],
          },
        },
      ],
    });

    expect(await screen.findByText('No streamers found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('search must be at most 100 characters')).toBeInTheDocument());
  });
});
