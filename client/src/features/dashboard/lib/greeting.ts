/** An account this young is greeted "Welcome" (its first day); an older one "Welcome back". */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's greeting: by the profile's display name (never the e-mail address), "Welcome" on
 * the account's first day and "Welcome back" after it; before a profile exists there is no name to
 * use yet.
 */
export function greeting(user: { createdAt: string }, displayName: string | null | undefined, now: Date = new Date()): string {
  const name = displayName?.trim();
  if (!name) return 'Welcome to CollabHub';
  const fresh = now.getTime() - new Date(user.createdAt).getTime() < NEW_ACCOUNT_MS;
  return `${fresh ? 'Welcome' : 'Welcome back'}, ${name}`;
}
