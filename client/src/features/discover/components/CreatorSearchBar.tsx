import {
  Badge,
  Box,
  Button,
  Collapsible,
  Field,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LuSearch, LuSlidersHorizontal, LuX } from 'react-icons/lu';
import type { Platform } from '../../../gql/graphql';
import { PLATFORMS } from '../../../shared/lib/platforms';
import {
  EMPTY_SEARCH,
  filterCount,
  SEARCH_MAX_LENGTH,
  searchProblems,
  type CreatorSearch,
} from '../lib/creator-search';

interface Props {
  /** The search in force (the bar's fields follow it when it changes from outside). */
  value: CreatorSearch;
  onSearch: (search: CreatorSearch) => void;
  searching?: boolean;
  /** The search's empty state (what Clear Filters returns to). */
  empty?: CreatorSearch;
}

/** 'YYYY-MM-DD' of today in the browser's zone (the earliest "free on" day). */
function todayKey(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Spec §2 "Search bar": free text (Enter submits), collapsible filters (platform, price range per
 * hour, a day the creator is free on), and Search and Clear Filters buttons. Bad
 * values are named under their field and nothing is searched.
 */
export function CreatorSearchBar({ value, onSearch, searching = false, empty = EMPTY_SEARCH }: Props) {
  const [draft, setDraft] = useState<CreatorSearch>(value);
  const [filtersOpen, setFiltersOpen] = useState(filterCount(value) > 0);
  const [problems, setProblems] = useState<ReturnType<typeof searchProblems>>(null);
  const ids = { platform: useId(), min: useId(), max: useId(), free: useId() };
  const applied = filterCount(value);

  useEffect(() => setDraft(value), [value]);

  const set = (patch: Partial<CreatorSearch>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A field's message goes once it is changed (the range's message once either bound is).
    setProblems((current) => {
      if (!current) return current;
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof typeof next];
      if ('maxPrice' in patch || 'minPrice' in patch) delete next.minPrice;
      return Object.keys(next).length ? next : null;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...draft, text: draft.text.trim() };
    const found = searchProblems(next);
    setProblems(found);
    if (found) {
      setFiltersOpen(true);
      return;
    }
    onSearch(next);
  };

  const clear = () => {
    setDraft(empty);
    setProblems(null);
    onSearch(empty);
  };

  return (
    <Box asChild>
      <form role="search" aria-label="Search creators" onSubmit={submit} noValidate>
        <Collapsible.Root open={filtersOpen} onOpenChange={(details) => setFiltersOpen(details.open)}>
          <Stack gap="3">
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
              <InputGroup flex="1" startElement={<LuSearch aria-hidden />}>
                <Input
                  type="search"
                  name="search"
                  aria-label="Search creators by name, bio or handle"
                  placeholder="Search creators by name, bio or handle"
                  maxLength={SEARCH_MAX_LENGTH}
                  value={draft.text}
                  onChange={(event) => set({ text: event.target.value })}
                />
              </InputGroup>
              <HStack gap="2">
                <Collapsible.Trigger asChild>
                  <Button type="button" variant="outline" flex={{ base: '1', sm: 'initial' }}>
                    <LuSlidersHorizontal aria-hidden />
                    Filters
                    {applied > 0 && (
                      <Badge
                        size="sm"
                        colorPalette="brand"
                        variant="solid"
                        rounded="full"
                        aria-label={applied === 1 ? '1 filter applied' : `${applied} filters applied`}
                      >
                        {applied}
                      </Badge>
                    )}
                  </Button>
                </Collapsible.Trigger>
                <Button type="submit" loading={searching} flex={{ base: '1', sm: 'initial' }}>
                  <LuSearch aria-hidden />
                  Search
                </Button>
              </HStack>
            </Stack>

            <Collapsible.Content>
              <Stack gap="3" p="4" rounded="xl" borderWidth="1px" borderColor="border.muted" bg="bg.subtle">
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" alignItems="start">
                  <Field.Root>
                    <Field.Label htmlFor={ids.platform}>Platform</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        id={ids.platform}
                        name="platform"
                        value={draft.platform}
                        onChange={(event) => set({ platform: event.target.value as Platform | '' })}
                      >
                        <option value="">All platforms</option>
                        {PLATFORMS.map((platform) => (
                          <option key={platform.value} value={platform.value}>
                            {platform.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root invalid={Boolean(problems?.minPrice)}>
                    <Field.Label htmlFor={ids.min}>Min price ($/hour)</Field.Label>
                    <Input
                      id={ids.min}
                      name="minPrice"
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      placeholder="Any"
                      value={draft.minPrice ?? ''}
                      onChange={(event) => set({ minPrice: event.target.value })}
                    />
                    <Field.ErrorText>{problems?.minPrice}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(problems?.maxPrice)}>
                    <Field.Label htmlFor={ids.max}>Max price ($/hour)</Field.Label>
                    <Input
                      id={ids.max}
                      name="maxPrice"
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      placeholder="Any"
                      value={draft.maxPrice ?? ''}
                      onChange={(event) => set({ maxPrice: event.target.value })}
                    />
                    <Field.ErrorText>{problems?.maxPrice}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(problems?.freeOn)}>
                    <Field.Label htmlFor={ids.free}>Free on</Field.Label>
                    <Input
                      id={ids.free}
                      name="freeOn"
                      type="date"
                      min={todayKey()}
                      value={draft.freeOn ?? ''}
                      onChange={(event) => set({ freeOn: event.target.value })}
                    />
                    <Field.ErrorText>{problems?.freeOn}</Field.ErrorText>
                  </Field.Root>
                </SimpleGrid>
                <HStack justify="flex-end">
                  <Button type="button" variant="ghost" onClick={clear}>
                    <LuX aria-hidden />
                    Clear Filters
                  </Button>
                </HStack>
              </Stack>
            </Collapsible.Content>
          </Stack>
        </Collapsible.Root>
      </form>
    </Box>
  );
}
