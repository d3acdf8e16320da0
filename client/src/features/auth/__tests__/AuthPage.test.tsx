import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginDocument, RegisterDocument, type LoginMutation, type RegisterMutation, type RegisterMutationVariables, type UserRole } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderApp, renderPage } from '../../../test/render';
import { STORAGE_KEYS } from '../lib/token-storage';
import { AuthPage } from '../pages/AuthPage';

const EMAIL = 'nova@example.com';
const PASSWORD = 'correct-horse-battery';

function registerMock(accountType: 'CREATOR' | 'BRAND') {
  const result = vi.fn(() => ({
    data: {
      register: {
        __typename: 'AuthPayload',
        user: {
          __typename: 'User',
          id: 'user-1',
          email: EMAIL,
          emailVerified: false,
          accountType,
          role: 'USER',
          createdAt: '2025-09-10T12:00:00.000Z',
        },
        tokens: {
          __typename: 'AuthTokens',
          accessToken: 'access-1',
          refreshToken: 'refresh-1',
          accessTokenExpiresAt: '2025-09-10T12:15:00.000Z',
        },
      },
    } as RegisterMutation,
  }));
  const mock: MockedResponse<RegisterMutation, RegisterMutationVariables> = {
    request: { query: RegisterDocument, variables: { input: { email: EMAIL, password: PASSWORD, accountType } } },
    result,
  };
  return { mock, result };
}

afterEach(() => toaster.remove());

function loginMock(role: UserRole): MockedResponse {
  return {
    request: { query: LoginDocument, variables: { input: { email: EMAIL, password: PASSWORD } } },
    result: {
      data: {
        login: {
          __typename: 'AuthPayload',
          user: { __typename: 'User', id: 'user-1', email: EMAIL, emailVerified: true, accountType: 'BRAND', role, createdAt: '2025-09-10T12:00:00.000Z' },
          tokens: { __typename: 'AuthTokens', accessToken: 'access-1', refreshToken: 'refresh-1', accessTokenExpiresAt: '2025-09-10T12:15:00.000Z' },
        },
      } as LoginMutation,
    },
  };
}

async function signInWith(role: UserRole) {
  const user = userEvent.setup();
  renderPage(<AuthPage />, { path: '/auth', mocks: [loginMock(role)] });
  await user.type(await screen.findByLabelText(/^email$/i), EMAIL);
  await user.type(screen.getByLabelText('Password', { exact: true }), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Auth page', () => {
  it('welcomes a brand or creator back after signing in', async () => {
    await signInWith('USER');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('tells support staff they are signed in to the support console, not "Welcome back!"', async () => {
    await signInWith('SUPPORT');
    expect(await screen.findByText('Signed in to support')).toBeInTheDocument();
    expect(screen.getByText('Open tickets and disputes are in the support console.')).toBeInTheDocument();
    expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/support');
  });

  it('registers a creator: type first, then Create Account, then the dashboard', async () => {
    const user = userEvent.setup();
    const { mock, result } = registerMock('CREATOR');
    renderPage(<AuthPage />, { path: '/auth', mocks: [mock] });

    await user.click(await screen.findByRole('tab', { name: 'Join' }));
    await waitFor(() => expect(screen.queryByLabelText('Email')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: /choose creator account/i }));

    expect(screen.getByText('Creator Account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^email$/i), EMAIL);
    await user.type(screen.getByLabelText(/^password/i), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(result).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingAccountType)).toBe('creator');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(await screen.findByText('Check your email!')).toBeInTheDocument();
  });

  it('registering with a weak password shows the live meter and its warning, and sends nothing', async () => {
    const user = userEvent.setup();
    const { mock, result } = registerMock('BRAND');
    renderPage(<AuthPage />, { path: '/auth?mode=join', route: '/auth', mocks: [mock] });

    await user.click(await screen.findByRole('button', { name: /choose brand account/i }));
    await user.type(screen.getByLabelText(/^email$/i), EMAIL);
    await user.type(screen.getByLabelText(/^password/i), 'password123');
    const meter = await screen.findByTestId('password-strength', undefined, { timeout: 10_000 });
    await waitFor(() => expect(meter).toHaveTextContent('Strength: Very weak'), { timeout: 10_000 });
    expect(meter).toHaveTextContent(/commonly used password/i);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(/choose a stronger password/i, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(result).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^password/i));
    await user.type(screen.getByLabelText(/^password/i), PASSWORD);
    await waitFor(() => expect(screen.getByTestId('password-strength')).toHaveTextContent(/Strength: (Strong|Very strong)/), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(result).toHaveBeenCalledTimes(1);
  });

  it('Get Started opens Join', async () => {
    const user = userEvent.setup();
    renderApp('/');

    const [getStarted] = await screen.findAllByRole('link', { name: /get started/i }, { timeout: 10_000 });
    await user.click(getStarted!);
    expect(await screen.findByRole('tab', { name: 'Join', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join CollabHub' })).toBeInTheDocument();
  });

  it('Sign In opens Sign In', async () => {
    const user = userEvent.setup();
    renderApp('/');

    const [signIn] = await screen.findAllByRole('link', { name: 'Sign In' }, { timeout: 10_000 });
    await user.click(signIn!);
    expect(await screen.findByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('Change returns to the account type choice', async () => {
    const user = userEvent.setup();
    renderPage(<AuthPage />, { path: '/auth' });

    await user.click(await screen.findByRole('tab', { name: 'Join' }));
    await user.click(await screen.findByRole('button', { name: /choose brand account/i }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('button', { name: /choose creator account/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /choose brand account/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('the eye button shows and hides the password', async () => {
    const user = userEvent.setup();
    renderPage(<AuthPage />, { path: '/auth' });

    const password = await screen.findByLabelText(/^password/i);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('a signed-in visitor is sent to the dashboard', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'still-valid');
    const { MeDocument } = await import('../../../gql/graphql');
    const meMock: MockedResponse = {
      request: { query: MeDocument },
      result: {
        data: {
          me: {
            __typename: 'User',
            id: 'u',
            email: EMAIL,
          emailVerified: false,
            accountType: 'BRAND',
            role: 'USER',
            createdAt: '2025-01-01T00:00:00Z',
          },
        },
      },
    };
    renderPage(<AuthPage />, { path: '/auth', mocks: [meMock] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
