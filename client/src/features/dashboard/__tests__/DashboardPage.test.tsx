import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { OverviewDocument } from '../../../gql/graphql';
import { AppToaster } from '../../../shared/components/AppToaster';
import { toaster } from '../../../shared/toast';
import { renderApp } from '../../../test/render';
import { system } from '../../../theme';
import { AuthProvider } from '../../auth/AuthProvider';
import { STORAGE_KEYS } from '../../auth/lib/token-storage';
import { brandProfile, creatorProfile, EMAIL, myProfileMock, signedIn } from '../../profile/__tests__/profile-fixtures';
import { DashboardErrorBoundary } from '../components/DashboardErrorBoundary';
import { DashboardPage } from '../pages/DashboardPage';

afterEach(() => toaster.remove());

function UrlProbe() {
  const location = useLocation();
  return <div data-testid="url">{location.pathname + location.search}</div>;
}

/** The dashboard page alone at `url`, with the URL shown for assertions. */
function renderDashboard(url: string, mocks: MockedResponse[]) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks}>
        <AuthProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="*" element={null} />
            </Routes>
            <UrlProbe />
          </MemoryRouter>
          <AppToaster />
        </AuthProvider>
      </MockedProvider>
    </ChakraProvider>,
  );
}

const emptyOverview: MockedResponse = {
  request: { query: OverviewDocument },
  result: {
    data: {
      overview: {
        __typename: 'Overview',
        earningsCents: 0,
        monthEarningsCents: 0,
        pendingPayoutCents: 0,
        upcomingCount: 0,
        utilizationPercent: 0,
        totalSlots: 0,
        bookedSlots: 0,
        recentEarnings: [],
        upcoming: [],
      },
    },
  },
};

describe('Dashboard without a profile', { timeout: 30_000 }, () => {
  it('opens the brand form by itself from pendingAccountType, keeps the key while it is open (a new user may leave to confirm their address), and removes it once closed', async () => {
    const me = signedIn('BRAND');
    window.localStorage.setItem(STORAGE_KEYS.pendingAccountType, 'brand');
    renderDashboard('/dashboard', [me, myProfileMock(null)]);

    const dialog = await screen.findByRole('dialog', { name: 'Create Your Brand Profile' });
    expect(within(dialog).getByLabelText(/brand name/i)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/hourly rate/i)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingAccountType)).toBe('brand');
    // No profile yet, so no name: never the e-mail address.
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent('Welcome to CollabHub');
    expect(screen.queryByText(EMAIL)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Your Brand Profile' })).not.toBeInTheDocument());
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingAccountType)).toBeNull();
  });

  it('follows the pending type even when it differs from the default creator form', async () => {
    const me = signedIn('CREATOR');
    window.localStorage.setItem(STORAGE_KEYS.pendingAccountType, 'brand');
    renderDashboard('/dashboard', [me, myProfileMock(null)]);

    expect(await screen.findByRole('dialog', { name: 'Create Your Brand Profile' })).toBeInTheDocument();
  });

  it('a support account is sent to the support console, never to "Create Your Profile"', async () => {
    const support = signedIn('BRAND');
    const me = (support.result as { data: { me: Record<string, unknown> } }).data.me;
    me.role = 'SUPPORT';
    renderDashboard('/dashboard', [support, myProfileMock(null)]);

    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/support'));
    expect(screen.queryByRole('heading', { name: 'Create Your Profile' })).not.toBeInTheDocument();
  });

  it('without a pending type shows the Create Your Profile card; Get Started opens the creator form', async () => {
    const user = userEvent.setup();
    renderDashboard('/dashboard', [signedIn('CREATOR'), myProfileMock(null)]);

    expect(await screen.findByRole('heading', { name: 'Create Your Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Profile' })).toBeInTheDocument();
    // Sign Out is the navigation bar's, not the dashboard's.
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Your Creator Profile' });
    expect(within(dialog).getByLabelText(/hourly rate/i)).toBeInTheDocument();
  });

  it('leaves a stored pending type alone until the profile is known, and drops it when a profile exists', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingAccountType, 'creator');
    renderDashboard('/dashboard?tab=profile', [signedIn('CREATOR'), myProfileMock(creatorProfile())]);

    expect(await screen.findByRole('heading', { name: 'My Creator Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingAccountType)).toBeNull();
  });
});

describe('Dashboard with a profile', { timeout: 30_000 }, () => {
  it('has seven tabs for creators, the selected one from ?tab=, and keeps the choice in the URL', async () => {
    const user = userEvent.setup();
    renderDashboard('/dashboard?tab=profile', [signedIn('CREATOR'), myProfileMock(creatorProfile()), emptyOverview]);

    expect(await screen.findByRole('heading', { name: 'My Creator Profile' })).toBeInTheDocument();
    // An account older than a day is greeted back, by its display name.
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent('Welcome back, Nova Rivers');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Overview', 'Discover', 'Profile', 'Availability', 'Bookings', 'Messages', 'Developers']);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'Create Profile' })).not.toBeInTheDocument();
    // Profile tab cards.
    expect(screen.getByText('Total Bookings')).toBeInTheDocument();
    expect(screen.getByText('4.8')).toBeInTheDocument();
    expect(screen.getByText('$85.00')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(/^\/dashboard$/));
    expect(await screen.findByText('No earnings yet')).toBeInTheDocument();
  });

  it('gives brands six tabs (no Availability) and falls back to Overview for ?tab=availability', async () => {
    const user = userEvent.setup();
    renderDashboard('/dashboard?tab=availability', [signedIn('BRAND'), myProfileMock(brandProfile()), emptyOverview]);

    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Discover',
      'Profile',
      'Bookings',
      'Messages',
      'Developers',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/dashboard?tab=profile'));
    expect(await screen.findByRole('heading', { name: 'My Brand Profile' })).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.queryByText('Hourly Rate')).not.toBeInTheDocument();
  });

  it('shows a spinner while the session is checked (real routes)', async () => {
    const me = signedIn('CREATOR');
    renderApp('/dashboard', { mocks: [{ ...me, delay: 100 }, myProfileMock(creatorProfile()), emptyOverview] });

    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session');
    expect(await screen.findByRole('tab', { name: 'Overview' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('Dashboard error boundary', () => {
  it('shows "Dashboard Error" with the message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('Cannot read the profile');
    }
    render(
      <ChakraProvider value={system}>
        <DashboardErrorBoundary>
          <Broken />
        </DashboardErrorBoundary>
      </ChakraProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Dashboard Error' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read the profile')).toBeInTheDocument();
  });
});
