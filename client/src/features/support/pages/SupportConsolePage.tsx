import { Center, Field, Flex, Heading, NativeSelect, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { DisputeListStatus } from '../../../gql/graphql';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { FormError } from '../../../shared/components/FormError';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { errorMessage } from '../../../shared/lib/error-message';
import { useAuth } from '../../auth/hooks/useAuth';
import { SupportDisputeCard } from '../components/SupportDisputeCard';
import { SupportAuditLog } from '../components/SupportAuditLog';
import { SupportIntegrations } from '../components/SupportIntegrations';
import { SupportTickets } from '../components/SupportTickets';
import { useSupportDisputes } from '../hooks/useSupportDisputes';
import { SUPPORT_MESSAGES } from '../lib/support-rules';

const FILTERS: { value: DisputeListStatus; label: string }[] = [
  { value: 'OPEN', label: 'Open disputes' },
  { value: 'RESOLVED', label: 'Resolved disputes' },
  { value: 'ALL', label: 'All disputes' },
];

/**
 * /support: support staff mediate disputes (refund, release, warn), read and close the contact form's
 * tickets, look into any account's partner integrations (API keys, webhook endpoints), and read the
 * support log of every change made to an account. Everyone else goes to /dashboard.
 */
export function SupportConsolePage() {
  useDocumentTitle('Support console');
  const { user } = useAuth();
  if (user?.role !== 'SUPPORT') return <Navigate to="/dashboard" replace />;
  return <SupportConsole />;
}

function SupportConsole() {
  const [status, setStatus] = useState<DisputeListStatus>('OPEN');
  const { disputes, loading, error } = useSupportDisputes(status);

  return (
    <PageContainer py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Flex
          justify="space-between"
          align={{ base: 'stretch', sm: 'flex-end' }}
          gap="4"
          wrap="wrap"
          direction={{ base: 'column', sm: 'row' }}
        >
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Support console
            </Heading>
            <Text color="fg.muted">
              Read both sides, then refund, release or warn. The parties see the outcome at once.
            </Text>
          </Stack>
          <Field.Root w={{ base: 'full', sm: '56' }}>
            <Field.Label>Show</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={status}
                onChange={(event) => setStatus(event.target.value as DisputeListStatus)}
              >
                {FILTERS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Flex>
        {loading ? (
          <Center py="16" gap="3" role="status">
            <Spinner color="brand.solid" />
            <Text color="fg.muted">Loading disputes...</Text>
          </Center>
        ) : error ? (
          <FormError message={errorMessage(error, 'Failed to load disputes')} />
        ) : disputes.length === 0 ? (
          <Center py="16">
            <Text color="fg.muted">{SUPPORT_MESSAGES.empty}</Text>
          </Center>
        ) : (
          <Stack gap="4">
            {disputes.map((dispute) => (
              <SupportDisputeCard key={dispute.id} dispute={dispute} />
            ))}
          </Stack>
        )}
        <Separator />
        <SupportTickets />
        <Separator />
        <SupportIntegrations />
        <Separator />
        <SupportAuditLog />
      </Stack>
    </PageContainer>
  );
}
