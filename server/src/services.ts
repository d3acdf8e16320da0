import type { Config } from './config';
import { AuthService } from './features/auth/auth.service';
import { TokenIssuer } from './features/auth/tokens';
import type { Clock } from './shared/clock';
import { InProcessEventBus, type EventBus } from './shared/events';

/** Long-lived dependencies shared by every request (no per-request state here). */
export interface AppDeps {
  config: Config;
  clock: Clock;
  tokens: TokenIssuer;
  events: EventBus;
}

/** One instance of each feature service; transports call these and nothing else. */
export interface Services {
  auth: AuthService;
}

export function createDeps(config: Config, clock: Clock): AppDeps {
  return {
    config,
    clock,
    tokens: new TokenIssuer(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS),
    events: new InProcessEventBus(),
  };
}

export function createServices(deps: AppDeps): Services {
  return {
    auth: new AuthService({ tokens: deps.tokens, clock: deps.clock, refreshTtlDays: deps.config.REFRESH_TOKEN_TTL_DAYS }),
  };
}
