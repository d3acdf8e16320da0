import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { AccountType } from '../../../gql/graphql';
import { ACCOUNT_TYPE_OPTIONS } from '../lib/account-types';
import { AccountTypeCard } from './AccountTypeCard';

/** Registration step 1: creator or brand. */
export function AccountTypePicker({ onPick }: { onPick: (type: AccountType) => void }) {
  return (
    <Stack gap="4">
      <Text fontWeight="medium" textAlign="center">
        Choose your account type
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {ACCOUNT_TYPE_OPTIONS.map((option) => (
          <AccountTypeCard key={option.value} option={option} onSelect={() => onPick(option.value)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
