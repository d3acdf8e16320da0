import { Badge, Button, Center, Field, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useSupportUserByEmailLazyQuery, useSupportUserIntegrationsQuery, type SupportUserByEmailQuery } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { ApiKeyList } from '../../developers/components/ApiKeysSection';
import { WebhookEndpointList } from '../../developers/components/WebhooksSection';
import { SUPPORT_MESSAGES } from '../lib/support-rules';

type FoundUser = NonNullable<SupportUserByEmailQuery['supportUserByEmail']>;

/**
 * Support sees every partner integration: look an account up by e-mail, then read its API keys
 * (revoked ones included; Revoke any live key) and its webhook endpoints with their delivery log.
 * The cards are the developer console's own, read-only here apart from Revoke.
 */
export function SupportIntegrations() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lookup, { data, loading, called }] = useSupportUserByEmailLazyQuery({ fetchPolicy: 'network-only' });
  const found = data?.supportUserByEmail ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(SUPPORT_MESSAGES.emailRequired);
      return;
    }
    setError(null);
    const result = await lookup({ variables: { email: email.trim() } });
    if (result.error) setError(errorMessage(result.error, SUPPORT_MESSAGES.lookupFailed));
  };

  return (
    <Stack gap="4" as="section" aria-labelledby="support-integrations-heading">
      <Stack gap="1">
        <Heading id="support-integrations-heading" as="h2" size="lg">
          Integrations
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Look up an account to see its API keys and webhook endpoints with their deliveries.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <HStack align="end" gap="2" flexWrap="wrap">
          <Field.Root invalid={Boolean(error)} maxW="sm">
            <Field.Label>Account e-mail</Field.Label>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="partner@example.com" />
          </Field.Root>
          <Button type="submit" loading={loading} variant="outline">
            <LuSearch aria-hidden />
            Look up
          </Button>
        </HStack>
        <FormError message={error} />
      </form>
      {called && !loading && !error && !found && <Text color="fg.muted">{SUPPORT_MESSAGES.noAccount}</Text>}
      {found && <AccountIntegrations user={found} />}
    </Stack>
  );
}

function AccountIntegrations({ user }: { user: FoundUser }) {
  const { data, loading, error } = useSupportUserIntegrationsQuery({ variables: { userId: user.id }, fetchPolicy: 'cache-and-network' });
  return (
    <Stack gap="4" data-testid="support-integrations-account">
      <HStack gap="2">
        <Text fontWeight="semibold">{user.email}</Text>
        <Badge size="sm">{user.accountType.toLowerCase()}</Badge>
      </HStack>
      {loading && !data ? (
        <Center py="6" role="status">
          <Spinner color="brand.solid" />
        </Center>
      ) : error ? (
        <FormError message={errorMessage(error, SUPPORT_MESSAGES.lookupFailed)} />
      ) : data ? (
        <>
          <Heading as="h3" size="md">
            API keys
          </Heading>
          <ApiKeyList keys={data.apiKeys} emptyText="This account has no API keys." />
          <Heading as="h3" size="md">
            Webhook endpoints
          </Heading>
          <WebhookEndpointList endpoints={data.webhookEndpoints} emptyText="This account has no webhook endpoints." />
        </>
      ) : null}
    </Stack>
  );
}
