import type { CreatorFilter, CreatorSort, Platform } from '../../../gql/graphql';

/**
 * What the creator search bar edits: free text, one platform ('' = all platforms), the order, a
 * price range in dollars per hour ('' = no bound) and a day the creator must have a free hour on
 * ('YYYY-MM-DD' in the viewer's zone, '' = any day).
 */
export interface CreatorSearch {
  text: string;
  platform: Platform | '';
  sort?: CreatorSort;
  minPrice?: string;
  maxPrice?: string;
  freeOn?: string;
}

export const EMPTY_SEARCH: CreatorSearch = { text: '', platform: '' };

/** The server accepts at most 100 characters of search text. */
export const SEARCH_MAX_LENGTH = 100;

/** Creators per page of the Discover grid. */
export const DISCOVER_PAGE_SIZE = 12;

/** Spec §9: the Discover tab shows 6 loading skeletons. */
export const DISCOVER_SKELETON_COUNT = 6;

/** The orders a visitor may pick, in the menu's order; the first is the default. */
export const SORT_OPTIONS: readonly { value: CreatorSort; label: string }[] = [
  { value: 'RECOMMENDED', label: 'Recommended' },
  { value: 'RATING', label: 'Top rated' },
  { value: 'SOONEST', label: 'Soonest free' },
  { value: 'PRICE_ASC', label: 'Price: low to high' },
  { value: 'PRICE_DESC', label: 'Price: high to low' },
  { value: 'BOOKINGS', label: 'Most booked' },
];

export const SEARCH_MESSAGES = {
  price: 'Enter a price in dollars, 0 or more',
  priceOrder: 'The lowest price must not be more than the highest',
  freeOn: 'Pick a day from today on',
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A price field's value in cents: undefined when empty, NaN when not a price. */
export function priceCents(value: string | undefined): number | undefined {
  const text = value?.trim() ?? '';
  if (!text) return undefined;
  const dollars = Number(text);
  return Number.isFinite(dollars) && dollars >= 0 ? Math.round(dollars * 100) : Number.NaN;
}

/** The [start, end) of a 'YYYY-MM-DD' day in the browser's zone, or null. */
export function dayRange(day: string | undefined): { from: Date; to: Date } | null {
  const m = DAY.exec(day ?? '');
  if (!m) return null;
  const from = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const to = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1);
  return Number.isNaN(from.getTime()) ? null : { from, to };
}

/** What is wrong with a search's fields (by field), or null when it can be sent. */
export function searchProblems(search: CreatorSearch, now = new Date()): Partial<Record<'minPrice' | 'maxPrice' | 'freeOn', string>> | null {
  const problems: Partial<Record<'minPrice' | 'maxPrice' | 'freeOn', string>> = {};
  const min = priceCents(search.minPrice);
  const max = priceCents(search.maxPrice);
  if (Number.isNaN(min)) problems.minPrice = SEARCH_MESSAGES.price;
  if (Number.isNaN(max)) problems.maxPrice = SEARCH_MESSAGES.price;
  if (min !== undefined && max !== undefined && min > max) problems.minPrice = SEARCH_MESSAGES.priceOrder;
  if (search.freeOn) {
    const range = dayRange(search.freeOn);
    if (!range || range.to.getTime() <= now.getTime()) problems.freeOn = SEARCH_MESSAGES.freeOn;
  }
  return Object.keys(problems).length ? problems : null;
}

/** How many filters beyond the text are set (the Filters button's badge). */
export function filterCount(search: CreatorSearch): number {
  return [search.platform, search.minPrice?.trim(), search.maxPrice?.trim(), search.freeOn].filter(Boolean).length;
}

/** The GraphQL filter of a search; null when nothing is filtered. Call with a search without problems. */
export function toCreatorFilter(search: CreatorSearch, now = new Date()): CreatorFilter | null {
  const text = search.text.trim();
  const min = priceCents(search.minPrice);
  const max = priceCents(search.maxPrice);
  const day = dayRange(search.freeOn);
  const filter: CreatorFilter = {
    ...(text ? { search: text } : {}),
    ...(search.platform ? { platform: search.platform } : {}),
    ...(min !== undefined && !Number.isNaN(min) ? { minRateCents: min } : {}),
    ...(max !== undefined && !Number.isNaN(max) ? { maxRateCents: max } : {}),
    ...(day
      ? { availableFrom: new Date(Math.max(day.from.getTime(), now.getTime())).toISOString(), availableTo: day.to.toISOString() }
      : {}),
  };
  return Object.keys(filter).length ? filter : null;
}

/** A search as URL parameters (the marketplace's address says what it shows). */
export function searchToParams(search: CreatorSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.text.trim()) params.set('q', search.text.trim());
  if (search.platform) params.set('platform', search.platform.toLowerCase());
  if (search.sort && search.sort !== SORT_OPTIONS[0].value) params.set('sort', search.sort.toLowerCase());
  if (search.minPrice?.trim()) params.set('min', search.minPrice.trim());
  if (search.maxPrice?.trim()) params.set('max', search.maxPrice.trim());
  if (search.freeOn) params.set('free', search.freeOn);
  return params;
}

/** The search a marketplace address names (unknown values are ignored). */
export function searchFromParams(params: URLSearchParams): CreatorSearch {
  const platform = (params.get('platform') ?? '').toUpperCase();
  const sort = (params.get('sort') ?? '').toUpperCase();
  return {
    text: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    platform: ['TWITCH', 'YOUTUBE', 'TIKTOK', 'INSTAGRAM'].includes(platform) ? (platform as Platform) : '',
    sort: SORT_OPTIONS.find((o) => o.value === sort)?.value ?? SORT_OPTIONS[0].value,
    minPrice: params.get('min') ?? '',
    maxPrice: params.get('max') ?? '',
    freeOn: DAY.test(params.get('free') ?? '') ? params.get('free')! : '',
  };
}
