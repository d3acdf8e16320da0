import { Badge, Button, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuLaptop, LuLogOut } from 'react-icons/lu';
import { AccountSessionsDocument, useAccountSessionsQuery, useRevokeAccountSessionMutation, type AccountSessionsQuery } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { withToasts } from '../../../shared/lib/toast-action';
import { SETTINGS_MESSAGES as MSG } from '../lib/settings';
import { SettingsSection } from './SettingsSection';

type Session = AccountSessionsQuery['sessions'][number];

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** #sessions: where the account is signed in (device, address, signed in, last seen), each with "Sign out". */
export function SessionsSection() {
  const { data, loading, error } = useAccountSessionsQuery({ fetchPolicy: 'cache-and-network' });
  // This device first, then the most recently seen.
  const sessions = [...(data?.sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <SettingsSection id="sessions" title="Where you're signed in" description="Every browser and device signed in to your account. Sign out any you don't recognise.">
      {loading && !data ? (
        <Skeleton h="20" rounded="md" />
      ) : error && !data ? (
        <FormError message={errorMessage(error, 'Could not load your sessions')} />
      ) : (
        <Stack gap="3" as="ul" listStyleType="none" aria-label="Sessions">
          {sessions.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}

function SessionRow({ session }: { session: Session }) {
  const [revoke, { loading }] = useRevokeAccountSessionMutation({ refetchQueries: [AccountSessionsDocument], awaitRefetchQueries: true });
  return (
    <Card.Root as="li" variant="subtle" size="sm" data-testid="session-row">
      <Card.Body>
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <HStack align="start" gap="3" minW="0" flex="1">
            <LuLaptop aria-hidden style={{ marginTop: 4, flexShrink: 0 }} />
            <Stack gap="0.5" minW="0">
              <HStack gap="2" flexWrap="wrap">
                <Text fontWeight="medium" title={session.userAgent ?? undefined}>
                  {session.device ?? 'Unknown device'}
                </Text>
                {session.current && (
                  <Badge colorPalette="green" variant="surface" size="sm">
                    This device
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {session.ip ?? 'Unknown address'}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                Signed in {when(session.createdAt)} · Last seen {when(session.lastSeenAt)}
              </Text>
            </Stack>
          </HStack>
          {!session.current && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              loading={loading}
              aria-label={`Sign out ${session.device ?? 'this session'}`}
              onClick={() => void withToasts(() => revoke({ variables: { id: session.id } }), { success: MSG.sessionRevoked, failure: MSG.sessionRevokeFailed })}
            >
              <LuLogOut aria-hidden />
              Sign out
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
