import type { Session, SessionOptions } from './session';

let session: Promise<Session> | undefined;

/**
 * Starts loading the app's GraphQL client and session (Apollo Client is a third of the app's
 * JavaScript, and no public page needs it to paint). Called once by `SessionProvider`.
 */
export function startSession(options: SessionOptions): Promise<Session> {
  session ??= import('./session').then(({ createSession }) => createSession(options));
  return session;
}

/** The session `SessionProvider` started. */
export function startedSession(): Promise<Session> {
  if (!session) throw new Error('No session was started: render the page inside <SessionProvider>');
  return session;
}
