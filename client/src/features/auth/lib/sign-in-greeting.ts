import type { UserRole } from '../../../gql/graphql';

/**
 * The toast after signing in: brands and creators are welcomed back to their dashboard; support
 * staff are told where they are (the support console), as colleagues at work, not customers.
 */
export function signInGreeting(role: UserRole): { title: string; description: string } {
  return role === 'SUPPORT'
    ? { title: 'Signed in to support', description: 'Open tickets and disputes are in the support console.' }
    : { title: 'Welcome back!', description: "You've successfully signed in." };
}
