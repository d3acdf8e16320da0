import { getApolloContext } from '@apollo/client/react/context';
import { use, useContext, type ReactNode } from 'react';
import { startedSession } from './session-loader';

/**
 * For a page that queries: waits (suspends) until the app's GraphQL client has loaded, then
 * provides it. A client already provided above (a test's `MockedProvider`) is used as it is.
 */
export function WithGraphQL({ children }: { children: ReactNode }) {
  const provided = useContext(getApolloContext()).client;
  if (provided) return <>{children}</>;
  return <SessionGraphQL>{children}</SessionGraphQL>;
}

function SessionGraphQL({ children }: { children: ReactNode }) {
  const { GraphQLProvider } = use(startedSession());
  return <GraphQLProvider>{children}</GraphQLProvider>;
}
