import { Alert, Box, Button, Clipboard, Code, HStack, Stack, Text } from '@chakra-ui/react';

/** A secret shown once, right after it was made, with a copy button. */
export function SecretReveal({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  return (
    <Alert.Root status="warning" variant="subtle" borderRadius="md" data-testid="secret-reveal">
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Title>{label}</Alert.Title>
        <Alert.Description>
          <Text fontSize="sm">Copy it now: it will not be shown again.</Text>
        </Alert.Description>
        <HStack gap="2" align="stretch" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Box flex="1" minW="0" bg="bg" borderWidth="1px" borderRadius="md" px="3" py="2" overflowX="auto">
            <Code variant="plain" fontSize="sm" whiteSpace="nowrap" data-testid="secret-value">
              {secret}
            </Code>
          </Box>
          <Clipboard.Root value={secret}>
            <Clipboard.Trigger asChild>
              <Button size="sm" variant="outline" h="full" minH="9">
                <Clipboard.Indicator />
                <Clipboard.CopyText />
              </Button>
            </Clipboard.Trigger>
          </Clipboard.Root>
          <Button size="sm" h="full" minH="9" onClick={onDone}>
            Done
          </Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}
