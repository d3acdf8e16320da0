/**
 * The server's password rules (server/src/features/auth/password-strength.ts and auth.inputs.ts),
 * mirrored for the forms: the length cap, how much of a password the estimator judges, and the
 * account's own words that count against it (the product's name, the e-mail, its local part, the
 * display name). Kept in step with the server so the meter never calls strong what it refuses.
 */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_STRENGTH_CHARS = 64;
export const L33T_MAX_SUBSTITUTIONS = 8;

export interface PasswordAccount {
  email?: string | null;
  displayName?: string | null;
}

export function passwordUserInputs(account: PasswordAccount = {}): string[] {
  const words = ['CollabHub', 'collab', 'hub'];
  const email = account.email?.trim().toLowerCase();
  if (email) {
    words.push(email);
    const local = email.split('@')[0];
    if (local) words.push(local, ...local.split(/[._+-]+/).filter((w) => w.length >= 3));
  }
  const name = account.displayName?.trim();
  if (name) words.push(name, ...name.split(/\s+/).filter((w) => w.length >= 3));
  return [...new Set(words)];
}
