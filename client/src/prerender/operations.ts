import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { CreatorPageDocument } from '../gql/graphql';

/**
 * The queries the server answers into a page's HTML (by operation name), printed as the app sends
 * them (with `__typename`, so the answer fits the app's cache). Written by scripts/prerender.mjs
 * into dist/routes/operations.json; the app reads the answers in app/initial-queries.ts.
 */
export const pageOperations: Record<string, string> = {
  CreatorPage: print(addTypenameToDocument(CreatorPageDocument)),
};
