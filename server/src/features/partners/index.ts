import { defineModule } from '../../platform/module';
import { ApiKey } from './api-key.entity';
import { ApiKeyUsageRecorder } from './api-key-usage';
import { PartnersResolver } from './partners.resolver';
import { PartnersService } from './partners.service';

declare module '../../platform/module' {
  interface Services {
    partners: PartnersService;
  }
}

/** Partner API keys (read-only access to the listing): cached lookups, batched usage counts. */
export const partnersModule = defineModule({
  name: 'partners',
  // Two-step sign-in guards key creation (auth); support's revocations are audited (support.audit).
  dependsOn: ['auth', 'support'],
  entities: [ApiKey],
  resolvers: [PartnersResolver],
  services: ({ deps, services }) => ({
    partners: new PartnersService({
      requireFreshSecondFactor: (userId, code) => services.auth.requireFreshSecondFactor(userId, code),
      clock: deps.clock,
      events: deps.events,
      usage: new ApiKeyUsageRecorder({ orm: deps.orm, logger: deps.logger }),
      rateLimitPerMinute: deps.config.RATE_LIMIT_KEY_PER_MINUTE,
      audit: (em, entry) => services.support.audit(em, entry),
    }),
  }),
  // Writes the usage counted since the last batch.
  stop: ({ services }) => services.partners.close(),
});
