import { Badge, Box, Button, Card, Field, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { DocumentNode } from 'graphql';
import { useState } from 'react';
import { LuKeyRound, LuPlus, LuTrash2 } from 'react-icons/lu';
import {
  MyApiKeysDocument,
  useCreateDeveloperApiKeyMutation,
  useMyApiKeysQuery,
  useRevokeDeveloperApiKeyMutation,
  type DeveloperApiKeyFragment,
} from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { withToasts } from '../../../shared/lib/toast-action';
import { FreshCodeField } from '../../auth/components/FreshCodeField';
import { ago, DEVELOPER_MESSAGES as MSG, shortDate } from '../lib/developers';
import { ReasonField } from './ReasonField';
import { SecretReveal } from './SecretReveal';
import { UsageChart } from './UsageChart';

/** The viewer's API keys: create (secret shown once), list with usage, revoke. */
export function ApiKeysSection() {
  const { data, loading } = useMyApiKeysQuery({ fetchPolicy: 'cache-and-network' });
  const [created, setCreated] = useState<string | null>(null);
  const keys = data?.myApiKeys ?? [];

  return (
    <Stack gap="4" as="section" aria-labelledby="api-keys-heading">
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
        <Box>
          <Heading id="api-keys-heading" size="md">
            API keys
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Read the marketplace from your own systems. A key acts as your account, read-only.
          </Text>
        </Box>
        <CreateKeyDialog onCreated={setCreated} />
      </HStack>
      {created && <SecretReveal label="Your new API key" secret={created} onDone={() => setCreated(null)} />}
      {loading && !data ? (
        <Skeleton h="24" borderRadius="md" />
      ) : (
        <ApiKeyList keys={keys} emptyText="No API keys yet." refetchQueries={[MyApiKeysDocument]} />
      )}
    </Stack>
  );
}

interface ApiKeyListProps {
  keys: readonly DeveloperApiKeyFragment[];
  emptyText: string;
  /** What to load again after a revocation (the own list drops revoked keys; support's shows them as revoked). */
  refetchQueries?: readonly DocumentNode[];
  /** Support's console: Revoke asks for the reason the owner will read. */
  askReason?: boolean;
}

/** Key cards (name, prefix, dates, usage chart, Revoke with confirmation): the own console and the support console. */
export function ApiKeyList({ keys, emptyText, refetchQueries = [], askReason = false }: ApiKeyListProps) {
  if (keys.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" borderWidth="1px" borderStyle="dashed" borderRadius="md" p="4">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="3">
      {keys.map((key) => (
        <ApiKeyCard key={key.id} apiKey={key} refetchQueries={refetchQueries} askReason={askReason} />
      ))}
    </Stack>
  );
}

function ApiKeyCard({
  apiKey,
  refetchQueries,
  askReason,
}: {
  apiKey: DeveloperApiKeyFragment;
  refetchQueries: readonly DocumentNode[];
  askReason: boolean;
}) {
  const revoked = apiKey.status === 'REVOKED';
  return (
    <Card.Root size="sm" variant="outline" data-testid="api-key-card">
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Stack gap="0.5" minW="0">
            <HStack gap="2">
              <LuKeyRound aria-hidden />
              <Text fontWeight="semibold" truncate>
                {apiKey.name}
              </Text>
              <Badge colorPalette={apiKey.status === 'ACTIVE' ? 'green' : 'gray'} size="sm">
                {apiKey.status.toLowerCase()}
              </Badge>
            </HStack>
            <Text fontFamily="mono" fontSize="sm" color="fg.muted">
              {apiKey.prefix}…
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Created {shortDate(apiKey.createdAt)} · last used {ago(apiKey.lastUsedAt)} ·{' '}
              {apiKey.expiresAt ? `expires ${shortDate(apiKey.expiresAt)}` : 'never expires'}
              {apiKey.revokedAt ? ` · revoked ${shortDate(apiKey.revokedAt)}` : ''}
            </Text>
          </Stack>
          {!revoked && <RevokeKeyDialog apiKey={apiKey} refetchQueries={refetchQueries} askReason={askReason} />}
        </HStack>
        <UsageChart keyId={apiKey.id} rateLimitPerMinute={apiKey.rateLimitPerMinute} />
      </Card.Body>
    </Card.Root>
  );
}

function CreateKeyDialog({ onCreated }: { onCreated: (secret: string) => void }) {
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useCreateDeveloperApiKeyMutation({
    refetchQueries: [MyApiKeysDocument],
    awaitRefetchQueries: true,
  });
  return (
    <ActionDialog
      trigger={
        <Button size="sm" colorPalette="purple">
          <LuPlus aria-hidden />
          Create API key
        </Button>
      }
      title="Create an API key"
      confirmLabel="Create key"
      confirmPalette="purple"
      loading={loading}
      onOpenChange={(open) => open && (setName(''), setCode(''), setError(null))}
      onConfirm={async () => {
        if (!name.trim()) {
          setError(MSG.keyNameRequired);
          return false;
        }
        const result = await withToasts(() => create({ variables: { input: { name: name.trim(), ...(code ? { code } : {}) } } }), {
          success: MSG.keyCreated,
          failure: MSG.keyCreateFailed,
        });
        const secret = result?.data?.createApiKey.secret;
        if (secret) onCreated(secret);
        return secret ?? false;
      }}
    >
      <Field.Root required invalid={Boolean(error)}>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Agency dashboard"
          maxLength={100}
          autoFocus
        />
        <Field.HelperText>What the key is for, so you can tell keys apart.</Field.HelperText>
        <FormError message={error} />
      </Field.Root>
      <FreshCodeField value={code} onChange={setCode} />
    </ActionDialog>
  );
}

function RevokeKeyDialog({
  apiKey,
  refetchQueries,
  askReason,
}: {
  apiKey: DeveloperApiKeyFragment;
  refetchQueries: readonly DocumentNode[];
  askReason: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [revoke, { loading }] = useRevokeDeveloperApiKeyMutation({
    refetchQueries: [...refetchQueries],
    awaitRefetchQueries: true,
  });
  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="ghost" colorPalette="red">
          <LuTrash2 aria-hidden />
          Revoke
        </Button>
      }
      title="Revoke this API key?"
      confirmLabel="Revoke key"
      confirmPalette="red"
      loading={loading}
      onOpenChange={(open) => open && (setReason(''), setError(null))}
      onConfirm={() => {
        if (askReason && !reason.trim()) {
          setError(MSG.reasonRequired);
          return false;
        }
        return withToasts(() => revoke({ variables: { id: apiKey.id, reason: askReason ? reason.trim() : null } }), {
          success: MSG.keyRevoked,
          failure: MSG.keyRevokeFailed,
        });
      }}
    >
      <Text>
        <b>{apiKey.name}</b> ({apiKey.prefix}…) stops working within seconds. Integrations using it will get 401 errors.
      </Text>
      {askReason && <ReasonField value={reason} onChange={(v) => (setReason(v), setError(null))} error={error} />}
    </ActionDialog>
  );
}
