import { HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { CreatorSort } from '../../../gql/graphql';
import { SORT_OPTIONS } from '../lib/creator-search';

/** The listing's order ("Recommended" ranks by a Bayesian average of ratings, so new creators are not buried). */
export function CreatorSortSelect({ value, onChange }: { value: CreatorSort; onChange: (sort: CreatorSort) => void }) {
  const id = useId();
  return (
    <HStack gap="2" flexShrink={0}>
      <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
        <label htmlFor={id}>Sort by</label>
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          id={id}
          name="sort"
          value={value}
          onChange={(event) => onChange(event.target.value as CreatorSort)}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
