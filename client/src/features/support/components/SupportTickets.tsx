import { Center, Field, Flex, Heading, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { SupportTicketListStatus } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { useSetTicketStatus, useSupportTickets } from '../hooks/useSupportTickets';
import { SUPPORT_MESSAGES } from '../lib/support-rules';
import { SupportTicketCard } from './SupportTicketCard';

const FILTERS: { value: SupportTicketListStatus; label: string }[] = [
  { value: 'OPEN', label: 'Open tickets' },
  { value: 'CLOSED', label: 'Closed tickets' },
  { value: 'ALL', label: 'All tickets' },
];

/** The support console's tickets: every contact-form message, newest first; support closes each when answered. */
export function SupportTickets() {
  const [status, setStatus] = useState<SupportTicketListStatus>('OPEN');
  const { tickets, loading, error } = useSupportTickets(status);
  const { setStatus: setTicketStatus, saving } = useSetTicketStatus();
  const [savingId, setSavingId] = useState<string | null>(null);

  return (
    <Stack gap="4" as="section" aria-labelledby="support-tickets-heading">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="4"
        wrap="wrap"
        direction={{ base: 'column', sm: 'row' }}
      >
        <Stack gap="1">
          <Heading id="support-tickets-heading" as="h2" size="lg">
            Tickets
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Messages sent through the contact form, newest first. Reply by e-mail, then close the ticket.
          </Text>
        </Stack>
        <Field.Root w={{ base: 'full', sm: '56' }}>
          <Field.Label>Show tickets</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(event) => setStatus(event.target.value as SupportTicketListStatus)}>
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
        <Center py="6" gap="3" role="status">
          <Spinner color="brand.solid" />
          <Text color="fg.muted">Loading tickets...</Text>
        </Center>
      ) : error ? (
        <FormError message={errorMessage(error, SUPPORT_MESSAGES.ticketsFailed)} />
      ) : tickets.length === 0 ? (
        <Text color="fg.muted">{SUPPORT_MESSAGES.ticketsEmpty}</Text>
      ) : (
        <Stack gap="3">
          {tickets.map((ticket) => (
            <SupportTicketCard
              key={ticket.id}
              ticket={ticket}
              saving={saving && savingId === ticket.id}
              onSetStatus={async (next) => {
                setSavingId(ticket.id);
                await setTicketStatus(ticket.id, ticket.reference, next);
                setSavingId(null);
              }}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
