import { Badge, Button, Center, Field, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useSupportUserIntegrationsQuery, useSupportUserSearchLazyQuery, type SupportUserSearchQuery } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { ApiKeyList } from '../../developers/components/ApiKeysSection';
import { WebhookEndpointList } from '../../developers/components/WebhooksSection';
import { SUPPORT_MESSAGES } from '../lib/support-rules';
import { SupportTwoFactor } from './SupportTwoFactor';

type FoundUser = SupportUserSearchQuery['supportUserSearch'][number];

/** The most accounts one search answers (the server's limit): a full list may leave some out. */
const SEARCH_LIMIT = 10;

/**
 * Support sees every partner integration: find an account by part of its e-mail or display name
 * (a short list; a single match opens at once), then read its API keys (revoked ones included;
 * Revoke any live key, with a reason) and its webhook endpoints with their delivery log (Disable,
 * with a reason). The cards are the developer console's own, read-only here apart from those two.
 */
export function SupportIntegrations() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [search, { data, loading, called }] = useSupportUserSearchLazyQuery({ fetchPolicy: 'network-only' });
  const matches = data?.supportUserSearch ?? [];
  const chosen = matches.find((m) => m.id === chosenId) ?? (matches.length === 1 ? matches[0] : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < 2) {
      setError(SUPPORT_MESSAGES.searchTooShort);
      return;
    }
    setError(null);
    setChosenId(null);
    const result = await search({ variables: { query: text.trim() } });
    if (result.error) setError(errorMessage(result.error, SUPPORT_MESSAGES.lookupFailed));
  };

  return (
    <Stack gap="4" as="section" aria-labelledby="support-integrations-heading">
      <Stack gap="1">
        <Heading id="support-integrations-heading" as="h2" size="lg">
          Integrations
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Find an account to see its API keys and webhook endpoints with their deliveries.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate role="search" aria-label="Find an account">
        <HStack align="end" gap="2" flexWrap="wrap">
          <Field.Root invalid={Boolean(error)} maxW="sm">
            <Field.Label>E-mail or name</Field.Label>
            <Input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="partner@example.com, Nimbus…" />
          </Field.Root>
          <Button type="submit" loading={loading} variant="outline">
            <LuSearch aria-hidden />
            Search
          </Button>
        </HStack>
        <FormError message={error} />
      </form>
      {called && !loading && !error && matches.length === 0 && <Text color="fg.muted">{SUPPORT_MESSAGES.noAccount}</Text>}
      {matches.length >= SEARCH_LIMIT && (
        <Text color="fg.muted" fontSize="sm">
          {SUPPORT_MESSAGES.searchLimitReached}
        </Text>
      )}
      {matches.length > 1 && (
        <Stack as="ul" listStyleType="none" gap="1" aria-label="Matching accounts">
          {matches.map((m) => {
            const selected = chosen?.id === m.id;
            return (
              <li key={m.id}>
                <Button
                  variant={selected ? 'subtle' : 'ghost'}
                  size="sm"
                  w="full"
                  justifyContent="flex-start"
                  h="auto"
                  py="1.5"
                  aria-pressed={selected}
                  onClick={() => setChosenId(m.id)}
                >
                  <Stack gap="0" align="start" minW="0" textAlign="start">
                    <Text fontWeight="semibold" truncate maxW="full">
                      {m.displayName ?? m.email}
                    </Text>
                    {m.displayName && (
                      <Text fontSize="xs" color="fg.muted" truncate maxW="full">
                        {m.email}
                      </Text>
                    )}
                  </Stack>
                  <Badge size="sm" ms="auto">
                    {m.accountType.toLowerCase()}
                  </Badge>
                </Button>
              </li>
            );
          })}
        </Stack>
      )}
      {chosen && <AccountIntegrations key={chosen.id} user={chosen} />}
    </Stack>
  );
}

function AccountIntegrations({ user }: { user: FoundUser }) {
  const { data, loading, error } = useSupportUserIntegrationsQuery({ variables: { userId: user.id }, fetchPolicy: 'cache-and-network' });
  return (
    <Stack gap="4" data-testid="support-integrations-account">
      <HStack gap="2" flexWrap="wrap">
        {user.displayName && <Text fontWeight="semibold">{user.displayName}</Text>}
        <Text fontWeight={user.displayName ? 'normal' : 'semibold'} color={user.displayName ? 'fg.muted' : undefined}>
          {user.email}
        </Text>
        <Badge size="sm">{user.accountType.toLowerCase()}</Badge>
      </HStack>
      <SupportTwoFactor userId={user.id} email={user.email} />
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
          <ApiKeyList keys={data.apiKeys} emptyText="This account has no API keys." askReason />
          <Heading as="h3" size="md">
            Webhook endpoints
          </Heading>
          <WebhookEndpointList endpoints={data.webhookEndpoints} emptyText="This account has no webhook endpoints." supportDisable />
        </>
      ) : null}
    </Stack>
  );
}
