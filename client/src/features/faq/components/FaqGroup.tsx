import { Accordion, Badge, Card, Heading, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { IconBadge } from '../../../shared/components/content/IconBadge';
import type { FaqGroupContent } from './faq-content';

/** One FAQ category: header with a question count, then single-open collapsible answers. */
export function FaqGroup({ id, title, icon, palette, entries }: FaqGroupContent) {
  const headingId = `faq-${id}`;
  return (
    <GlassCard as="section" aria-labelledby={headingId}>
      <Card.Header>
        <HStack gap="3">
          <IconBadge icon={icon} colorPalette={palette} boxSize="10" />
          <Heading as="h2" id={headingId} size="lg" flex="1">
            {title}
          </Heading>
          <Badge colorPalette={palette} variant="subtle" rounded="full" size="md" px="2.5">
            {entries.length}
            <VisuallyHidden> questions</VisuallyHidden>
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        <Accordion.Root collapsible variant="plain">
          {entries.map((entry, index) => (
            <Accordion.Item
              key={entry.question}
              value={`${id}-${index}`}
              borderBottomWidth="1px"
              borderColor="border.muted"
              _last={{ borderBottomWidth: 0 }}
            >
              <Accordion.ItemTrigger py="4" cursor="pointer" fontWeight="medium" textAlign="start">
                <Text as="span" flex="1">
                  {entry.question}
                </Text>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody color="fg.muted" pt="0">
                  {entry.answer}
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Card.Body>
    </GlassCard>
  );
}
