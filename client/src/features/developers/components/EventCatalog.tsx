import { Accordion, Badge, Box, Code, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useWebhookEventCatalogQuery } from '../../../gql/graphql';

/** Every event an endpoint can receive, described, with an example body (the server's catalog; docs/partners.md lists the same). */
export function EventCatalog() {
  const { data, loading } = useWebhookEventCatalogQuery({ fetchPolicy: 'cache-first' });
  const events = data?.webhookEventCatalog ?? [];
  return (
    <Stack gap="2" as="section" aria-labelledby="event-types-heading" data-testid="event-catalog">
      <Box>
        <Heading id="event-types-heading" as="h3" size="sm">
          Event types
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          What each event means and an example of the body you receive.
        </Text>
      </Box>
      {loading && !data ? (
        <Skeleton h="16" />
      ) : (
        <Accordion.Root collapsible multiple variant="enclosed" size="sm">
          {events.map((e) => (
            <Accordion.Item key={e.type} value={e.type}>
              <Accordion.ItemTrigger>
                <Stack gap="0.5" flex="1" minW="0" textAlign="start">
                  <HStack gap="2" flexWrap="wrap">
                    <Text fontFamily="mono" fontSize="sm" fontWeight="semibold">
                      {e.type}
                    </Text>
                    {!e.subscribable && (
                      <Badge size="sm" variant="outline">
                        Send test event only
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {e.description}
                  </Text>
                </Stack>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody>
                  <Code
                    display="block"
                    whiteSpace="pre-wrap"
                    wordBreak="break-all"
                    p="2"
                    fontSize="xs"
                    maxH="80"
                    overflowY="auto"
                    tabIndex={0}
                    aria-label={`Example body of ${e.type}`}
                  >
                    {e.samplePayload}
                  </Code>
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
    </Stack>
  );
}
