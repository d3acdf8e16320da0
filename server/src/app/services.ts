import type { Config } from '../platform/config';
import type { Logger } from 'pino';
import pino from 'pino';
import type { Orm } from '../platform/db/orm';
import { TokenIssuer } from '../platform/auth/tokens';
import { JobScheduler } from '../platform/jobs/job-scheduler';
import type { AppDeps, Contributions, ExtensionPoints, FeatureModule, ModuleApp, Services } from '../platform/module';
import { modules as appModules } from './modules';
import { Metrics } from '../platform/observability/metrics';
import { RateLimitStore } from '../platform/security/rate-limits';
import { SessionGuard } from '../platform/auth/sessions';
import type { Clock } from '../platform/shared/clock';
import { createEventBus } from '../platform/shared/events-bus';
import { Mail } from '../platform/mail/mail';
import { Outbox } from '../platform/outbox/outbox';
import { LocalDiskStorage } from '../platform/storage';

export type { AppDeps, Services } from '../platform/module';

export function createDeps(config: Config, clock: Clock, runtime: { databaseUrl?: string; logger?: Logger; orm: Orm }): AppDeps {
  const metrics = new Metrics();
  const events = createEventBus(config, runtime.databaseUrl ?? config.DATABASE_URL, runtime.logger);
  const outbox = new Outbox({ events, logger: runtime.logger });
  outbox.attach(runtime.orm);
  return {
    outbox,
    config,
    clock,
    tokens: new TokenIssuer(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS),
    events,
    orm: runtime.orm,
    metrics,
    sessions: new SessionGuard({ orm: runtime.orm, events, ttlMs: config.SESSION_CACHE_SECONDS * 1000, clock, accessTokenTtlMs: config.ACCESS_TOKEN_TTL_SECONDS * 1000 }),
    limits: new RateLimitStore({ orm: runtime.orm }),
    logger: runtime.logger ?? pino({ level: config.LOG_LEVEL }),
    mail: new Mail({ config, orm: runtime.orm, logger: runtime.logger }),
    storage: new LocalDiskStorage(config.STORAGE_DIR),
    jobs: new JobScheduler({
      clock,
      orm: runtime.orm,
      enabled: config.JOBS_ENABLED,
      logger: runtime.logger,
      metrics,
    }),
  };
}

/** The modules put together: every service built (dependencies first), every contribution collected. */
export interface AssembledApp extends ModuleApp {
  modules: readonly FeatureModule[];
}

/** Builds every module's services in `dependsOn` order, then collects their contributions to extension points. */
export function assembleModules(deps: AppDeps, modules: readonly FeatureModule[] = appModules): AssembledApp {
  const services = {} as Services;
  let contributed: Contributions[] | null = null;
  const app: AssembledApp = {
    deps,
    services,
    modules,
    contributions: (point) => {
      if (!contributed) throw new Error(`contributions to ${point} are read before every service is built`);
      return contributed.flatMap((c) => c[point] ?? []) as ExtensionPoints[typeof point][];
    },
  };
  const byName = new Map(modules.map((m) => [m.name, m]));
  if (byName.size !== modules.length) throw new Error('two modules have the same name');
  const built = new Set<string>();
  const build = (module: FeatureModule, path: string[]) => {
    if (built.has(module.name)) return;
    if (path.includes(module.name)) throw new Error(`modules depend on each other in a circle: ${[...path, module.name].join(' → ')}`);
    for (const name of module.dependsOn ?? []) {
      const dependency = byName.get(name);
      if (!dependency) throw new Error(`module ${module.name} depends on ${name}, which is not in the module list`);
      build(dependency, [...path, module.name]);
    }
    const own = module.services?.(app) ?? {};
    for (const key of Object.keys(own)) {
      if (key in services) throw new Error(`service ${key} of module ${module.name} is defined twice`);
    }
    Object.assign(services, own);
    built.add(module.name);
  };
  for (const module of modules) build(module, []);
  contributed = modules.map((m) => m.extend?.(app) ?? {});
  for (const m of modules) m.init?.(app);
  return app;
}

/** Every service of the application (scripts and seeders that need no server). */
export function createServices(deps: AppDeps): Services {
  return assembleModules(deps).services;
}
