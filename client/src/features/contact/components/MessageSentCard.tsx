import { Button, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuCircleCheck } from 'react-icons/lu';

/** Shown after the message is sent; "Send Another Message" returns to an empty form. */
export function MessageSentCard({ onReset }: { onReset: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Stack gap="4" align="center" textAlign="center" py={{ base: '6', md: '10' }} role="status">
      <Icon as={LuCircleCheck} boxSize="16" color="green.500" aria-hidden />
      <Heading as="h2" size="2xl" ref={headingRef} tabIndex={-1} outline="none">
        Message Sent!
      </Heading>
      <Text color="fg.muted">We&apos;ll get back to you within 24 hours</Text>
      <Button variant="outline" onClick={onReset}>
        Send Another Message
      </Button>
    </Stack>
  );
}
