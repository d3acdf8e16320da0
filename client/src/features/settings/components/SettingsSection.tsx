import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One card of the settings page, a `#id` link target (scrolls clear of the sticky navbar). */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Card.Root as="section" id={id} aria-labelledby={`${id}-heading`} variant="outline" rounded="xl" scrollMarginTop="24">
      <Card.Header>
        <Stack gap="1">
          <Heading id={`${id}-heading`} size="lg">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
