import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { IconBadge } from '../../../shared/components/content/IconBadge';
import type { AccountTypeOption } from '../lib/account-types';

/** Registration step 2 header: the picked account type and a Change link back to step 1. */
export function ChosenAccountType({ option, onChange }: { option: AccountTypeOption; onChange: () => void }) {
  return (
    <HStack
      colorPalette={option.palette}
      gap="3"
      p="3"
      rounded="lg"
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
    >
      <IconBadge icon={option.icon} boxSize="10" bg="bg.panel" />
      <Stack gap="0" flex="1" minW="0">
        <Text fontSize="xs" color="fg.muted">
          Signing up as
        </Text>
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{option.title}</Text>
          <Badge size="sm" variant="surface">
            {option.badge}
          </Badge>
        </HStack>
      </Stack>
      <Button variant="plain" size="sm" color="colorPalette.fg" textDecoration="underline" onClick={onChange}>
        Change
      </Button>
    </HStack>
  );
}
