import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { CreatorPackagesDocument, CreatorPageDocument, SchedulingSettingsDocument } from '../gql/graphql';

/**
 * The queries the server answers into a page's HTML (by operation name), printed as the app sends
 * them (with `__typename`, so the answer fits the app's cache). Written by scripts/prerender.mjs
 * into dist/routes/operations.json; the app reads the answers in app/initial-queries.ts.
 */
export const pageOperations: Record<string, string> = {
  CreatorPage: print(addTypenameToDocument(CreatorPageDocument)),
  // The creator page's booking panel (notice and horizon) and packages: asked beside CreatorPage
  // (which stays one compiled statement), so no query stands between the scripts and the hours.
  SchedulingSettings: print(addTypenameToDocument(SchedulingSettingsDocument)),
  CreatorPackages: print(addTypenameToDocument(CreatorPackagesDocument)),
};
