import type { MockedResponse } from '@apollo/client/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing';
import { ChakraProvider } from '@chakra-ui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoginDocument } from '../../../gql/graphql';
import { LocationProbe } from '../../../test/render';
import { TEST_USER } from '../../../test/session';
import { system } from '../../../theme';
import { AuthProvider } from '../AuthProvider';
import { AuthPage } from '../pages/AuthPage';

const loginMock: MockedResponse = {
  request: { query: LoginDocument, variables: { input: { email: TEST_USER.email, password: 'correct-horse' } } },
  result: {
    data: {
      login: {
        __typename: 'AuthPayload',
        user: TEST_USER,
        tokens: {
          __typename: 'AuthTokens',
          accessToken: 'access-1',
          refreshToken: 'refresh-1',
          accessTokenExpiresAt: '2030-01-01T00:00:00.000Z',
        },
      },
    },
  },
};

function renderAuthFrom(from: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [{ pathname: '/auth', state: { from } }] },
  );
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={[loginMock]}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </MockedProvider>
    </ChakraProvider>,
  );
}

async function signIn() {
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText(/email/i));
  await user.paste(TEST_USER.email);
  await user.click(screen.getByLabelText(/^password/i));
  await user.paste('correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Signing in from another page', () => {
  it('returns to the page that sent the visitor (state.from), query string included', async () => {
    renderAuthFrom('/streamer/abc?date=2030-05-01&start=slot-10&hours=2');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/streamer/abc'));
    expect(screen.getByTestId('location-search')).toHaveTextContent('?date=2030-05-01&start=slot-10&hours=2');
  });

  it('never leaves the app: another origin falls back to the dashboard', async () => {
    renderAuthFrom('//evil.example.com/phish');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
