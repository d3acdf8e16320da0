import { Separator, Stack } from '@chakra-ui/react';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';

/** The developer console: API keys with their usage, webhook endpoints with their delivery log. */
export function DevelopersTab() {
  return (
    <Stack gap="8">
      <ApiKeysSection />
      <Separator />
      <WebhooksSection />
    </Stack>
  );
}
