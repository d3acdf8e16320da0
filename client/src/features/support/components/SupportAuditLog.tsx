import { Badge, Button, Center, Field, Heading, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useSupportAccountByEmailLazyQuery, useSupportAuditLogQuery } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { SUPPORT_MESSAGES } from '../lib/support-rules';

/**
 * The support log: every support action that changed an account's data (revoked keys, disabled
 * endpoints, dispute decisions, warnings), who did it, to whom and why; newest first, for every
 * account or the one whose e-mail is typed. The log cannot be edited (the database refuses).
 */
export function SupportAuditLog() {
  const [email, setEmail] = useState('');
  const [filter, setFilter] = useState<{ userId: string | null; label: string | null }>({ userId: null, label: null });
  const [error, setError] = useState<string | null>(null);
  const [findAccount, { loading: finding }] = useSupportAccountByEmailLazyQuery({ fetchPolicy: 'network-only' });
  const { data, loading, error: loadError } = useSupportAuditLogQuery({ variables: { userId: filter.userId }, fetchPolicy: 'cache-and-network' });
  const rows = data?.supportAuditLog ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const text = email.trim();
    if (!text) return setFilter({ userId: null, label: null });
    const result = await findAccount({ variables: { email: text } });
    if (result.error) return setError(errorMessage(result.error, SUPPORT_MESSAGES.lookupFailed));
    const account = result.data?.supportUserByEmail;
    if (!account) return setError(SUPPORT_MESSAGES.noAccount);
    setFilter({ userId: account.id, label: account.email });
  };

  return (
    <Stack gap="4" as="section" aria-labelledby="support-log-heading">
      <Stack gap="1">
        <Heading id="support-log-heading" as="h2" size="lg">
          Support log
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Every change support made to an account, with its reason. Append-only: nobody can edit or remove a line.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate role="search" aria-label="Filter the support log">
        <HStack align="end" gap="2" flexWrap="wrap">
          <Field.Root invalid={Boolean(error)} maxW="sm">
            <Field.Label>Account e-mail</Field.Label>
            <Input type="search" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="Empty: every account" />
          </Field.Root>
          <Button type="submit" variant="outline" loading={finding}>
            Filter
          </Button>
          {filter.label && <Badge size="sm">{filter.label}</Badge>}
        </HStack>
        <FormError message={error} />
      </form>
      {loading && !data ? (
        <Center py="6" role="status">
          <Spinner color="brand.solid" />
        </Center>
      ) : loadError && !data ? (
        <FormError message={errorMessage(loadError, SUPPORT_MESSAGES.auditFailed)} />
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{SUPPORT_MESSAGES.auditEmpty}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Support log">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Account</Table.ColumnHeader>
                <Table.ColumnHeader>What</Table.ColumnHeader>
                <Table.ColumnHeader>Reason</Table.ColumnHeader>
                <Table.ColumnHeader>By</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id} data-testid="support-log-row">
                  <Table.Cell whiteSpace="nowrap">{new Date(row.at).toLocaleString()}</Table.Cell>
                  <Table.Cell>{row.targetEmail ?? row.targetUserId}</Table.Cell>
                  <Table.Cell>{row.summary}</Table.Cell>
                  <Table.Cell>{row.reason}</Table.Cell>
                  <Table.Cell>{row.actorEmail ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
