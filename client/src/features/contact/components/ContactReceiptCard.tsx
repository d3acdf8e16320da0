import { Button, Code, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import type { ContactReceipt } from '../lib/contact-message';

/**
 * Shown once support has the message: the ticket's reference to quote and where the copy went.
 * "Send another message" returns to the form.
 */
export function ContactReceiptCard({ receipt, onReset }: { receipt: ContactReceipt; onReset: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Stack gap="4" align="center" textAlign="center" py={{ base: '6', md: '10' }} role="status">
      <Icon as={LuCircleCheck} boxSize="16" color="green.500" aria-hidden />
      <Heading as="h2" size="2xl" ref={headingRef} tabIndex={-1} outline="none">
        Support has your message
      </Heading>
      <Text>
        Your reference is{' '}
        <Code size="lg" fontWeight="semibold" data-testid="ticket-reference">
          {receipt.reference}
        </Code>
        . Quote it if you write again.
      </Text>
      <Text color="fg.muted" wordBreak="break-word">
        A copy was sent to <Text as="strong" color="fg">{receipt.email}</Text>. We answer general questions within 24 hours.
      </Text>
      <Button variant="outline" onClick={onReset}>
        Send another message
      </Button>
    </Stack>
  );
}
