import { expect } from 'vitest';
import { uniqueEmail, type TestApp } from '../../../../test/harness';
import { mailTo, type CaughtMail } from '../../mail/__tests__/mail-helpers';

export const PASSWORD = 'correct horse battery staple 42';

export interface SignedUp {
  email: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

/** A new account through the real sign-up (its address not verified yet). */
export async function signUp(app: TestApp, accountType: 'creator' | 'brand' = 'brand', email = uniqueEmail('acct')): Promise<SignedUp> {
  const res = await app.rest('POST', '/auth/register', { email, password: PASSWORD, accountType });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, userId: res.body.data.user.id, accessToken: res.body.data.tokens.accessToken, refreshToken: res.body.data.tokens.refreshToken };
}

/** Runs the e-mail worker (jobs are off in tests) and returns what the mailbox holds for `to`, newest first. */
export async function inbox(app: TestApp, to: string): Promise<CaughtMail[]> {
  await app.server.services.emailDelivery.runDue(app.clock.now());
  return mailTo(app, to);
}

/** The e-mail with this subject for `to` (exactly one), after running the worker. */
export async function theMail(app: TestApp, to: string, subject: string): Promise<CaughtMail> {
  const found = (await inbox(app, to)).filter((m) => m.subject === subject);
  expect(found.map((m) => m.subject), `one "${subject}" to ${to}`).toHaveLength(1);
  return found[0];
}

/** The token of the e-mail's link to `path` (`/reset-password`, `/verify-email`), checked to be under the public URL. */
export function tokenOf(mail: CaughtMail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === path);
  expect(link, `${mail.subject} links to ${path}`).toBeDefined();
  const url = new URL(link!);
  const token = url.searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}
