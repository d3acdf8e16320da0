import type { CreatorFilter, Platform } from '../../../gql/graphql';

/** What the Discover search bar edits: free text and one platform ('' = all platforms). */
export interface CreatorSearch {
  text: string;
  platform: Platform | '';
}

export const EMPTY_SEARCH: CreatorSearch = { text: '', platform: '' };

/** The server accepts at most 100 characters of search text. */
export const SEARCH_MAX_LENGTH = 100;

/** Creators per page of the Discover grid. */
export const DISCOVER_PAGE_SIZE = 12;

/** Spec §9: the Discover tab shows 6 loading skeletons. */
export const DISCOVER_SKELETON_COUNT = 6;

/** The GraphQL filter of a search; null when nothing is filtered. */
export function toCreatorFilter({ text, platform }: CreatorSearch): CreatorFilter | null {
  const search = text.trim();
  if (!search && !platform) return null;
  return { ...(search ? { search } : {}), ...(platform ? { platform } : {}) };
}
