import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isOutboxTopic, OUTBOX_TOPICS } from '../outbox/outbox.topics';

/**
 * An outbox topic as it travels (`"booking.confirmed"`): a string on the wire, one of the event
 * vocabulary (platform/outbox/outbox.topics.ts). `pnpm codegen` types it on the client as the
 * union of the topics, so the client's views of events are exhaustive too.
 */
export const EventTopic = new GraphQLScalarType({
  name: 'EventTopic',
  description: `What happened: one of the event vocabulary's topics (${OUTBOX_TOPICS.join(', ')})`,
  serialize(value: unknown) {
    if (typeof value !== 'string') throw new GraphQLError('EventTopic must be a string');
    return value;
  },
  parseValue(value: unknown) {
    if (typeof value !== 'string' || !isOutboxTopic(value)) throw new GraphQLError(`EventTopic: unknown topic ${JSON.stringify(value)}`);
    return value;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || !isOutboxTopic(ast.value)) throw new GraphQLError('EventTopic: expected a known topic as a string');
    return ast.value;
  },
});
