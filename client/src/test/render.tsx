import type { InMemoryCache } from '@apollo/client';
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { routes } from '../app/routes';
import { AuthProvider } from '../features/auth/AuthProvider';
import { AppToaster } from '../shared/components/AppToaster';
import { system } from '../theme';
import { passwordStrengthMock } from './password-strength';

function Providers({
  mocks = [],
  cache,
  children,
}: {
  mocks?: readonly MockedResponse[];
  /** A cache holding what earlier pages already read (default: empty). */
  cache?: InMemoryCache;
  children: ReactNode;
}) {
  return (
    <ChakraProvider value={system}>
      <MockedProvider mocks={[...mocks, passwordStrengthMock]} cache={cache}>
        <AuthProvider>
          {children}
          <AppToaster />
        </AuthProvider>
      </MockedProvider>
    </ChakraProvider>
  );
}

/** Shows where the app navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{location.pathname}</div>
      <div data-testid="location-search">{location.search}</div>
    </>
  );
}

/**
 * Renders one page at `path` inside the app's providers, with stub pages for other routes.
 * `route` is the route pattern when `path` carries a query string or parameters.
 */
export function renderPage(
  page: ReactElement,
  { path = '/', route, mocks, cache }: { path?: string; route?: string; mocks?: MockedResponse[]; cache?: InMemoryCache } = {},
) {
  return render(
    <Providers mocks={mocks} cache={cache}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route ?? path} element={page} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

/** Renders the real route table (layout, lazy pages) at `path`. */
export function renderApp(path: string, { mocks }: { mocks?: MockedResponse[] } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <Providers mocks={mocks}>
      <RouterProvider router={router} />
    </Providers>,
  );
}
