import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PrerenderHandoff } from '../components/PrerenderHandoff';

/** Last-resort screen when a route fails to load or render (e.g. a chunk missing after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';

  return (
    <Center minH="100dvh" p="6">
      <PrerenderHandoff />
      <Stack gap="4" textAlign="center" maxW="md" role="alert">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">{message}</Text>
        <Stack direction="row" justify="center" gap="3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button asChild variant="outline">
            <a href="/">Back to Home</a>
          </Button>
        </Stack>
      </Stack>
    </Center>
  );
}
