import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { Writable } from 'node:stream';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AuthContext, type AuthContextValue } from '../features/auth/auth-context';
import { routes } from '../app/routes';
import { system } from '../theme';

/**
 * Build-time rendering of the static pages (landing, about, FAQ, legal) to HTML, so they
 * paint before any script runs (scripts/prerender.mjs writes them into dist/routes/). Rendered as
 * "checking the session": the navbar's account buttons are left to the app, which takes over the
 * page as soon as its script has run (see `PrerenderHandoff`).
 */
const checkingSession: AuthContextValue = {
  user: null,
  loading: true,
  signIn: () => Promise.reject(new Error('prerender')),
  register: () => Promise.reject(new Error('prerender')),
  signOut: () => Promise.resolve(),
  changePassword: () => Promise.reject(new Error('prerender')),
  signOutEverywhere: () => Promise.reject(new Error('prerender')),
};

export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: the route answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
        <AuthContext.Provider value={checkingSession}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthContext.Provider>
      </ThemeProvider>
    </ChakraProvider>
  );
  // The first pass waits for the route's lazy page to load; the second renders it in place (no
  // Suspense fallback, so no streaming scripts that would have to reveal it).
  await drain(await prerenderToNodeStream(app));
  const html = renderToString(app);
  // Scripts are the app's business (and the CSP refuses inline ones); the theme class is set by
  // /prerender-boot.js, which the page loads before this markup.
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

async function drain({ prelude }: { prelude: NodeJS.ReadableStream }) {
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(new Writable({ write: (_chunk, _encoding, done) => done() }))
      .on('finish', resolve)
      .on('error', reject);
  });
}export { pageOperations } from './operations';
