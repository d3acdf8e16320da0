import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BrandPageDocument } from '../../../gql/graphql';
import { renderPage } from '../../../test/render';
import { BookingCard } from '../../bookings/components/BookingCard';
import { booking } from '../../bookings/__tests__/fixtures';
import { BrandPage, UNKNOWN_BRAND_MESSAGE } from '../pages/BrandPage';

const BRAND_ID = '6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

const brand = {
  __typename: 'Brand',
  id: BRAND_ID,
  displayName: 'Acme Drinks',
  about: 'We make fizzy drinks for gamers.\nSponsoring streams since 2019.',
  avatarUrl: null,
  averageRating: 4.5,
  reviewCount: 2,
  completedBookings: 7,
  memberSince: '2024-03-10T12:00:00.000Z',
};

const pageMock = (result: MockedResponse['result']): MockedResponse => ({
  request: { query: BrandPageDocument, variables: { id: BRAND_ID } },
  result,
});

const renderBrandPage = (mocks: MockedResponse[]) =>
  renderPage(<BrandPage />, { path: `/brand/${BRAND_ID}`, route: '/brand/:id', mocks });

describe('BrandPage', () => {
  it('shows the brand signed out: name, rating from creators, completed bookings, member since, about', async () => {
    renderBrandPage([pageMock({ data: { brand } })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Drinks' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(2 reviews by creators)')).toBeInTheDocument();
    expect(screen.getByText('Completed bookings').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Member since').nextSibling).toHaveTextContent('March 2024');
    expect(screen.getByText(/We make fizzy drinks for gamers\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All creators' })).toHaveAttribute('href', '/creators');
    expect(document.title).toContain('Acme Drinks');
  });

  it('a brand without reviews or about text says so', async () => {
    renderBrandPage([pageMock({ data: { brand: { ...brand, about: null, averageRating: 0, reviewCount: 0 } } })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Drinks' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No ratings yet' })).toBeInTheDocument();
    expect(screen.getByText('This brand has not written about itself yet.')).toBeInTheDocument();
  });

  it('an unknown brand says so, with a way on', async () => {
    renderBrandPage([pageMock({ errors: [new GraphQLError('Brand not found', { extensions: { code: 'NOT_FOUND' } })] })]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: UNKNOWN_BRAND_MESSAGE })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Browse creators' })).toHaveAttribute('href', '/creators');
    expect(document.title).toContain('Brand not found');
  });
});

describe('the brand on a booking card', () => {
  it('the creator sees who books: logo, name, rating, about and a link to the brand page', async () => {
    renderPage(<BookingCard booking={booking({ viewerRole: 'CREATOR' })} creatorSide />);
    const block = await screen.findByRole('region', { name: 'About the brand: Acme Games' });
    expect(within(block).getByText('Acme Games')).toBeInTheDocument();
    expect(within(block).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(within(block).getByText(/We publish cozy indie games/)).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'View brand Acme Games' })).toHaveAttribute('href', '/brand/brand-acme');
  });

  it('the booker does not see a block about themself', () => {
    renderPage(<BookingCard booking={booking({ viewerRole: 'BOOKER' })} creatorSide={false} />);
    expect(screen.queryByTestId('brand-block')).toBeNull();
  });
});
