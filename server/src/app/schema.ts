import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { DateTimeISO } from '../platform/graphql/date-scalar';
import { topicPubSub } from '../platform/graphql/pubsub';
import type { NonEmptyArray } from 'type-graphql';
import { modules } from './modules';

let cached: GraphQLSchema | undefined;

/** The schema type-graphql builds from every module's resolvers (built once per process). */
export function buildAppSchema(): GraphQLSchema {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  const resolvers = modules.flatMap((m) => m.resolvers ?? []) as NonEmptyArray<Function>;
  cached ??= buildSchemaSync({ resolvers, validate: false, pubSub: topicPubSub, scalarsMap: [{ type: Date, scalar: DateTimeISO }] });
  return cached;
}

/** The committed contract: sorted SDL, so the file diff shows real changes only. */
export function printAppSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildAppSchema()))}\n`;
}
