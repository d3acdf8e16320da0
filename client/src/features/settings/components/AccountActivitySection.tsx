import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMyAccountActivityQuery } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { SETTINGS_MESSAGES as MSG } from '../lib/settings';
import { SettingsSection } from './SettingsSection';

/** #activity: what CollabHub support did to this account (a revoked key, a disabled endpoint, a dispute decision, a warning) and why. */
export function AccountActivitySection() {
  const { data, loading, error } = useMyAccountActivityQuery({ fetchPolicy: 'cache-and-network' });
  const rows = data?.myAccountActivity ?? [];
  return (
    <SettingsSection id="activity" title="Account activity" description="Every change CollabHub support made to your account, with the reason they gave.">
      {loading && !data ? (
        <Skeleton h="16" rounded="md" />
      ) : error && !data ? (
        <FormError message={errorMessage(error, MSG.activityFailed)} />
      ) : rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {MSG.activityEmpty}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Account activity">
          {rows.map((row) => (
            <Stack as="li" key={row.id} gap="0.5" borderBottomWidth="1px" pb="3" data-testid="account-activity-row">
              <Text fontWeight="medium">{row.summary}</Text>
              <Text fontSize="sm">Reason: {row.reason}</Text>
              <Text fontSize="xs" color="fg.muted">
                {new Date(row.at).toLocaleString()}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
