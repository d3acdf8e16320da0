import { Badge, Box, Button, Card, Heading, HStack, Icon, List, Stack, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { IconBadge } from '../../../shared/components/content/IconBadge';
import type { AccountTypeOption } from '../lib/account-types';

/** One account type with its feature list; the whole card is clickable, the button is the focus target. */
export function AccountTypeCard({ option, onSelect }: { option: AccountTypeOption; onSelect: () => void }) {
  return (
    <Card.Root
      variant="outline"
      colorPalette={option.palette}
      position="relative"
      rounded="xl"
      bg="bg.panel"
      transition="border-color 0.2s, box-shadow 0.2s, transform 0.2s"
      _hover={{ borderColor: 'colorPalette.solid', shadow: 'md', transform: 'translateY(-2px)' }}
      _focusWithin={{ borderColor: 'colorPalette.solid', shadow: 'md' }}
    >
      <Card.Body gap="3" p="5">
        <HStack justify="space-between" align="flex-start">
          <IconBadge icon={option.icon} boxSize="10" />
          <Badge variant="solid" rounded="full">
            {option.badge}
          </Badge>
        </HStack>
        <Stack gap="1">
          <Heading as="h3" size="md">
            {option.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {option.description}
          </Text>
        </Stack>
        <List.Root gap="1.5" variant="plain" fontSize="sm">
          {option.features.map((feature) => (
            <List.Item key={feature} alignItems="flex-start">
              <List.Indicator asChild color="colorPalette.fg" mt="0.5">
                <Icon as={LuCheck} />
              </List.Indicator>
              {feature}
            </List.Item>
          ))}
        </List.Root>
        <Box pt="1">
          {/* The ::after overlay stretches the button's click area over the whole card. */}
          <Button
            width="full"
            variant="subtle"
            onClick={onSelect}
            _after={{ content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' }}
          >
            Choose {option.title}
          </Button>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
