import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { AppLayout } from '../shared/layout/AppLayout';
import { RouteErrorPage } from '../shared/pages/RouteErrorPage';
import { PrerenderHandoff } from '../shared/components/PrerenderHandoff';
import { WithGraphQL } from './WithGraphQL';

/**
 * Route-level code splitting: each page is its own chunk, loaded on first visit. A page renders
 * once the GraphQL client has loaded too (`WithGraphQL`), unless it is a `staticPage`.
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => {
    const Page = (await load())[name] as ComponentType;
    return {
      default: () => (
        <WithGraphQL>
          <Page />
          <PrerenderHandoff />
        </WithGraphQL>
      ),
    };
  });
}

/**
 * A page that never queries (content pages): it paints without waiting for Apollo Client, which
 * is what keeps the landing page's first script small. Its components must not use Apollo hooks.
 */
function staticPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => {
    const Page = (await load())[name] as ComponentType;
    return {
      default: () => (
        <>
          <Page />
          <PrerenderHandoff />
        </>
      ),
    };
  });
}

const LandingPage = staticPage(() => import('../features/landing/pages/LandingPage'), 'LandingPage');
const AuthPage = lazyPage(() => import('../features/auth/pages/AuthPage'), 'AuthPage');
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/DashboardPage'), 'DashboardPage');
const CreatorProfilePage = lazyPage(
  () => import('../features/creators/pages/CreatorProfilePage'),
  'CreatorProfilePage',
);
const BrandPage = lazyPage(() => import('../features/brands/pages/BrandPage'), 'BrandPage');
const MarketplacePage = lazyPage(() => import('../features/marketplace/pages/MarketplacePage'), 'MarketplacePage');
const CheckoutPage = lazyPage(() => import('../features/checkout/pages/CheckoutPage'), 'CheckoutPage');
const SupportConsolePage = lazyPage(() => import('../features/support/pages/SupportConsolePage'), 'SupportConsolePage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/VerifyEmailPage'), 'VerifyEmailPage');
const SettingsPage = lazyPage(() => import('../features/settings/pages/SettingsPage'), 'SettingsPage');
const AboutPage = staticPage(() => import('../features/about/pages/AboutPage'), 'AboutPage');
// The contact form sends a GraphQL mutation (and reads a signed-in sender's name): it waits for the client.
const ContactPage = lazyPage(() => import('../features/contact/pages/ContactPage'), 'ContactPage');
const FaqPage = staticPage(() => import('../features/faq/pages/FaqPage'), 'FaqPage');
const PrivacyPolicyPage = staticPage(() => import('../features/legal/pages/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const TermsOfUsePage = staticPage(() => import('../features/legal/pages/TermsOfUsePage'), 'TermsOfUsePage');
const NotFoundPage = staticPage(() => import('../shared/pages/NotFoundPage'), 'NotFoundPage');

/** Every route of the web app. Exported so tests can mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      {
        path: 'dashboard',
        element: (
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        ),
      },
      { path: 'creators', element: <MarketplacePage /> },
      { path: 'streamer/:id', element: <CreatorProfilePage /> },
      { path: 'brand/:id', element: <BrandPage /> },
      { path: 'stripe-checkout', element: <CheckoutPage /> },
      {
        path: 'support',
        element: (
          <RequireAuth>
            <SupportConsolePage />
          </RequireAuth>
        ),
      },
      {
        path: 'settings',
        element: (
          <RequireAuth>
            <SettingsPage />
          </RequireAuth>
        ),
      },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-of-use', element: <TermsOfUsePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
