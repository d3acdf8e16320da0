import { defineModule } from '../../platform/module';
import { LoginThrottle } from '../../platform/security/login-throttle';
import { SignUpThrottle } from '../../platform/security/signup-throttle';
import { AuthResolver } from './auth.resolver';
import { authRoutes } from './auth.rest';
import { AuthService } from './auth.service';
import { RefreshToken } from './refresh-token.entity';

declare module '../../platform/module' {
  interface Services {
    auth: AuthService;
  }
}

/** Registration, sign-in, rotating refresh tokens, password changes. */
export const authModule = defineModule({
  name: 'auth',
  entities: [RefreshToken],
  resolvers: [AuthResolver],
  routes: authRoutes,
  services: ({ deps }) => ({
    auth: new AuthService({
      tokens: deps.tokens,
      clock: deps.clock,
      refreshTtlDays: deps.config.REFRESH_TOKEN_TTL_DAYS,
      loginThrottle: new LoginThrottle(deps.limits),
      sessions: deps.sessions,
      signUpThrottle: deps.config.RATE_LIMIT_ENABLED
        ? new SignUpThrottle(deps.limits, deps.config.RATE_LIMIT_SIGNUPS_PER_HOUR)
        : undefined,
    }),
  }),
});
