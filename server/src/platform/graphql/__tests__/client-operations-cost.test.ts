import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../../app/schema';
import { operationCost, QUERY_LIMITS } from '../limits';

/**
 * The browser app's own queries must fit under the cost limit with the page sizes it asks for: a
 * field added to a shared fragment (a booking card's deliveries, say) multiplies by every list the
 * fragment sits in, and the screen would answer "Query cost … exceeds the limit" to its users.
 */

/** The page size (`first`) each client operation with a variable page size sends (see the hooks named). */
const CLIENT_PAGE_SIZES: Record<string, number> = {
  BookingList: 10, // BOOKINGS_PAGE_SIZE, bookings/hooks/useBookingList.ts
  Conversations: 20, // conversations/hooks/useConversationList.ts
  ConversationMessagesAfter: 30, // CATCH_UP_PAGE_SIZE, conversations/hooks/useConversationThread.ts
  Creators: 12, // DISCOVER_PAGE_SIZE, discover/lib/creator-search.ts
  Notifications: 10, // NOTIFICATIONS_PAGE_SIZE, notifications/lib/notification-view.ts
  WebhookDeliveries: 20, // PAGE, developers/components/DeliveryLog.tsx
};

const clientSrc = path.resolve(__dirname, '../../../../../client/src');

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'gql' || e.name === 'node_modules' ? [] : graphqlFiles(p);
    return p.endsWith('.graphql') ? [p] : [];
  });
}

describe("the client's operations and the cost limit", () => {
  const document = parse(graphqlFiles(clientSrc).map((f) => readFileSync(f, 'utf8')).join('\n'));
  const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const schema = buildAppSchema();
  const pagedByVariable = (op: OperationDefinitionNode) => (op.variableDefinitions ?? []).some((v) => ['first', 'limit'].includes(v.variable.name.value));

  it('reads every operation of the app, and knows the page size of each one paged by a variable', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter(pagedByVariable).map((op) => op.name!.value).sort()).toEqual(Object.keys(CLIENT_PAGE_SIZES).sort());
  });

  it(`every operation costs at most ${QUERY_LIMITS.maxCost}`, () => {
    const over = operations.flatMap((op) => {
      const size = CLIENT_PAGE_SIZES[op.name!.value];
      const doc: DocumentNode = { kind: Kind.DOCUMENT, definitions: [op, ...fragments] };
      const cost = operationCost(schema, doc, op, size === undefined ? {} : { first: size, limit: size });
      return cost > QUERY_LIMITS.maxCost ? [`${op.name!.value}: ${cost}`] : [];
    });
    expect(over).toEqual([]);
  });
});
