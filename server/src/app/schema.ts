import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, specifiedDirectives, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { DateTimeISO } from '../platform/graphql/date-scalar';
import { topicPubSub } from '../platform/graphql/pubsub';
import type { NonEmptyArray } from 'type-graphql';
import { modules as appModules } from './modules';
import type { FeatureModule } from '../platform/module';
import { cacheControlDirective } from '../platform/graphql/cache-policy';

const built = new WeakMap<readonly FeatureModule[], GraphQLSchema>();

/**
 * The schema type-graphql builds from the modules' resolvers (built once per process and module
 * list; tests may add a module of their own). Apollo's `@cacheControl` is declared in it: the hints
 * on fields and types decide what may be cached or compiled (cache-policy.ts).
 */
export function buildAppSchema(modules: readonly FeatureModule[] = appModules): GraphQLSchema {
  let schema = built.get(modules);
  if (!schema) {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
    const resolvers = modules.flatMap((m) => m.resolvers ?? []) as NonEmptyArray<Function>;
    schema = buildSchemaSync({
      resolvers,
      validate: false,
      pubSub: topicPubSub,
      scalarsMap: [{ type: Date, scalar: DateTimeISO }],
      directives: [...specifiedDirectives, cacheControlDirective],
    });
    built.set(modules, schema);
  }
  return schema;
}

/** The committed contract: sorted SDL, so the file diff shows real changes only. */
export function printAppSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildAppSchema()))}\n`;
}
