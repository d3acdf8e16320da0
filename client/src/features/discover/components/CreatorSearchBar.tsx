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
  Stack,
} from '@chakra-ui/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LuSearch, LuSlidersHorizontal, LuX } from 'react-icons/lu';
import type { Platform } from '../../../gql/graphql';
import { PLATFORMS } from '../../../shared/lib/platforms';
import { EMPTY_SEARCH, SEARCH_MAX_LENGTH, type CreatorSearch } from '../lib/creator-search';

interface Props {
  /** The search in force (the bar's fields follow it when it changes from outside). */
  value: CreatorSearch;
  onSearch: (search: CreatorSearch) => void;
  searching?: boolean;
}

/**
 * Spec §2 "Search bar": free text (Enter submits), collapsible filters with a platform choice,
 * and Search and Clear Filters buttons.
 */
export function CreatorSearchBar({ value, onSearch, searching = false }: Props) {
  const [draft, setDraft] = useState<CreatorSearch>(value);
  const [filtersOpen, setFiltersOpen] = useState(value.platform !== '');
  const platformId = useId();

  useEffect(() => setDraft(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ text: draft.text.trim(), platform: draft.platform });
  };

  const clear = () => {
    setDraft(EMPTY_SEARCH);
    onSearch(EMPTY_SEARCH);
  };

  return (
    <Box as="form" role="search" aria-label="Search creators" onSubmit={submit}>
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
                onChange={(event) => setDraft((current) => ({ ...current, text: event.target.value }))}
              />
            </InputGroup>
            <HStack gap="2">
              <Collapsible.Trigger asChild>
                <Button type="button" variant="outline" flex={{ base: '1', sm: 'initial' }}>
                  <LuSlidersHorizontal aria-hidden />
                  Filters
                  {value.platform && (
                    <Badge size="sm" colorPalette="brand" variant="solid" rounded="full" aria-label="1 filter applied">
                      1
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
            <Stack
              direction={{ base: 'column', sm: 'row' }}
              gap="3"
              align={{ base: 'stretch', sm: 'end' }}
              p="4"
              rounded="xl"
              borderWidth="1px"
              borderColor="border.muted"
              bg="bg.subtle"
            >
              <Field.Root flex="1" maxW={{ sm: 'xs' }}>
                <Field.Label htmlFor={platformId}>Platform</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    id={platformId}
                    name="platform"
                    value={draft.platform}
                    onChange={(event) =>
                      setDraft((current) => ({ ...current, platform: event.target.value as Platform | '' }))
                    }
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
              <Button type="button" variant="ghost" onClick={clear}>
                <LuX aria-hidden />
                Clear Filters
              </Button>
            </Stack>
          </Collapsible.Content>
        </Stack>
      </Collapsible.Root>
    </Box>
  );
}
