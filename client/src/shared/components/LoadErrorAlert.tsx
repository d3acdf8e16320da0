import { Alert, Button } from '@chakra-ui/react';
import { errorMessage } from '../lib/error-message';

/** A read that failed: what failed, the server's message, and a Retry that asks again. */
export function LoadErrorAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => Promise<unknown> }) {
  return (
    <Alert.Root status="error" rounded="xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error, 'Please try again.')}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={() => void onRetry().catch(() => undefined)}>
        Retry
      </Button>
    </Alert.Root>
  );
}
