import { Box, Flex, Text } from '@chakra-ui/react';

const DOT_KEYFRAMES = {
  '0%, 60%, 100%': { opacity: 0.3, transform: 'translateY(0)' },
  '30%': { opacity: 1, transform: 'translateY(-2px)' },
};

/** "Nova is typing…" under the thread while the other party types. */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <Flex align="center" gap="2" role="status" aria-live="polite" px="1">
      <Flex gap="1" px="3" py="2" rounded="full" bg="bg.muted" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Box
            key={i}
            boxSize="1.5"
            rounded="full"
            bg="fg.muted"
            css={{
              animation: `typing-dot 1.2s ${i * 0.15}s infinite ease-in-out`,
              '@keyframes typing-dot': DOT_KEYFRAMES,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          />
        ))}
      </Flex>
      <Text textStyle="xs" color="fg.muted">
        {name} is typing…
      </Text>
    </Flex>
  );
}
