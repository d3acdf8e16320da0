import type { User } from './user.entity';

/** The REST shape of an account (spec §3: snake_case fields). */
export function presentUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    account_type: user.accountType,
    role: user.role,
    email_verified: user.emailVerifiedAt != null,
    created_at: user.createdAt.toISOString(),
  };
}
