import { Router } from 'express';
import { defineModule } from '../../platform/module';
import { LoginThrottle } from '../../platform/security/login-throttle';
import { SecretBox } from '../../platform/security/secret-box';
import { SignUpThrottle } from '../../platform/security/signup-throttle';
import { AccountResolver } from './account.resolver';
import { accountRoutes } from './account.rest';
import { AccountSecurityResolver, UserTwoFactorFieldResolver } from './account-security.resolver';
import { accountSecurityRoutes } from './account-security.rest';
import { AccountTokens } from './account-tokens';
import { AuthResolver } from './auth.resolver';
import { authRoutes } from './auth.rest';
import { AuthService } from './auth.service';
import { EmailVerificationService } from './email-verification';
import { PasswordResetService } from './password-reset';
import { RefreshToken } from './refresh-token.entity';
import { SessionsList } from './sessions-list';
import { AccountSuspension } from './suspension';
import { TwoFactorService } from './two-factor';

declare module '../../platform/module' {
  interface Services {
    /** Accounts and sessions; `auth.requireFreshSecondFactor(userId, code)` is the fresh-code check of sensitive actions. */
    auth: AuthService;
    /** Two-step sign-in (TOTP, recovery codes). */
    twoFactor: TwoFactorService;
    /** Where the account is signed in; signing one session out. */
    authSessions: SessionsList;
    /** Forgot password: reset links e-mailed, a new password set with one. */
    passwordReset: PasswordResetService;
    /** Verified e-mail addresses: the link, resending it, changing the address. */
    emailVerification: EmailVerificationService;
    /** Support suspends and restores accounts. */
    accountSuspension: AccountSuspension;
  }
}

/**
 * Registration, sign-in (with two-step sign-in), rotating refresh tokens, the list of sessions,
 * password changes and resets, verified e-mail, suspension.
 */
export const authModule = defineModule({
  name: 'auth',
  dependsOn: ['profiles'],
  entities: [RefreshToken],
  resolvers: [AuthResolver, AccountSecurityResolver, UserTwoFactorFieldResolver, AccountResolver],
  routes: () => Router().use(authRoutes(), accountSecurityRoutes(), accountRoutes()),
  services: ({ deps, services }) => {
    const box = new SecretBox(deps.config.secretsKey);
    const twoFactor = new TwoFactorService({
      orm: deps.orm,
      clock: deps.clock,
      box,
      limits: deps.limits,
      logger: deps.logger.child({ feature: 'auth' }),
      // Support's reset is audited; support is built after auth (it depends on bookings → payments → auth), so read at call time.
      audit: (em, entry) => services.support.audit(em, entry),
    });
    const authSessions = new SessionsList({ clock: deps.clock, sessions: deps.sessions });
    const accountTokens = new AccountTokens();
    const auth = new AuthService({
      tokens: deps.tokens,
      clock: deps.clock,
      refreshTtlDays: deps.config.REFRESH_TOKEN_TTL_DAYS,
      loginThrottle: new LoginThrottle(deps.limits),
      sessions: deps.sessions,
      twoFactor,
      sessionsList: authSessions,
      signUpThrottle: deps.config.RATE_LIMIT_ENABLED
        ? new SignUpThrottle(deps.limits, deps.config.RATE_LIMIT_SIGNUPS_PER_HOUR)
        : undefined,
      outbox: deps.outbox,
      accountTokens,
      box,
      displayNameOf: (em, userId) => services.profiles.displayNameOf(em, userId),
    });
    return {
      auth,
      twoFactor,
      authSessions,
      passwordReset: new PasswordResetService({ auth, accountTokens, box, clock: deps.clock, limits: deps.limits }),
      emailVerification: new EmailVerificationService({ auth, accountTokens, clock: deps.clock, limits: deps.limits, events: deps.events }),
      accountSuspension: new AccountSuspension({ auth, clock: deps.clock, events: deps.events }),
    };
  },
});
