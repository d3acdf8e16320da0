import { Router } from 'express';
import { defineModule } from '../../platform/module';
import { LoginThrottle } from '../../platform/security/login-throttle';
import { SecretBox } from '../../platform/security/secret-box';
import { SignUpThrottle } from '../../platform/security/signup-throttle';
import { AccountSecurityResolver, UserTwoFactorFieldResolver } from './account-security.resolver';
import { accountSecurityRoutes } from './account-security.rest';
import { AuthResolver } from './auth.resolver';
import { authRoutes } from './auth.rest';
import { AuthService } from './auth.service';
import { RefreshToken } from './refresh-token.entity';
import { SessionsList } from './sessions-list';
import { TwoFactorService } from './two-factor';

declare module '../../platform/module' {
  interface Services {
    /** Accounts and sessions; `auth.requireFreshSecondFactor(userId, code)` is the fresh-code check of sensitive actions. */
    auth: AuthService;
    /** Two-step sign-in (TOTP, recovery codes). */
    twoFactor: TwoFactorService;
    /** Where the account is signed in; signing one session out. */
    authSessions: SessionsList;
  }
}

/** Registration, sign-in (with two-step sign-in), rotating refresh tokens, the list of sessions, password changes. */
export const authModule = defineModule({
  name: 'auth',
  entities: [RefreshToken],
  resolvers: [AuthResolver, AccountSecurityResolver, UserTwoFactorFieldResolver],
  routes: () => Router().use(authRoutes(), accountSecurityRoutes()),
  services: ({ deps }) => {
    const twoFactor = new TwoFactorService({
      orm: deps.orm,
      clock: deps.clock,
      box: new SecretBox(deps.config.secretsKey),
      limits: deps.limits,
      logger: deps.logger.child({ feature: 'auth' }),
    });
    const authSessions = new SessionsList({ clock: deps.clock, sessions: deps.sessions });
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
    });
    return { auth, twoFactor, authSessions };
  },
});
