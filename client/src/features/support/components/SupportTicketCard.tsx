import { Badge, Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { SupportTicketFieldsFragment } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { formatDateTime } from '../../../shared/lib/zoned-time';
import { contactCategoryLabel } from '../../contact/lib/contact-message';

/** One contact-form message as support reads it: who wrote, when, the reference, the message; close or reopen. */
export function SupportTicketCard({
  ticket,
  saving,
  onSetStatus,
}: {
  ticket: SupportTicketFieldsFragment;
  saving: boolean;
  onSetStatus: (status: 'OPEN' | 'CLOSED') => void;
}) {
  const headingId = `ticket-${ticket.id}`;
  const open = ticket.status === 'OPEN';
  return (
    <GlassCard as="article" aria-labelledby={headingId} data-testid="support-ticket">
      <Card.Body gap="3">
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Stack gap="0.5" minW="0">
            <Heading as="h3" size="md" id={headingId} wordBreak="break-word">
              {ticket.subject}
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {ticket.reference} · {contactCategoryLabel(ticket.category)} · Received {formatDateTime(ticket.createdAt)}
            </Text>
          </Stack>
          <Badge colorPalette={open ? 'orange' : 'gray'} variant="subtle">
            {open ? 'Open' : `Closed${ticket.closedAt ? ` ${formatDateTime(ticket.closedAt)}` : ''}`}
          </Badge>
        </Flex>
        <Text textStyle="sm" wordBreak="break-word">
          From <strong>{ticket.name}</strong> ·{' '}
          <Link href={`mailto:${ticket.email}?subject=${encodeURIComponent(`Re: ${ticket.subject} [${ticket.reference}]`)}`} wordBreak="break-all">
            {ticket.email}
          </Link>
          {ticket.userId ? ' · signed in' : ' · not signed in'}
        </Text>
        <Text
          whiteSpace="pre-wrap"
          wordBreak="break-word"
          borderLeftWidth="3px"
          borderColor="border.emphasized"
          pl="3"
          aria-label={`Message from ${ticket.name}`}
        >
          {ticket.message}
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            loading={saving}
            onClick={() => onSetStatus(open ? 'CLOSED' : 'OPEN')}
            aria-label={`${open ? 'Close' : 'Reopen'} ticket ${ticket.reference}`}
          >
            {open ? 'Close ticket' : 'Reopen'}
          </Button>
        </Flex>
      </Card.Body>
    </GlassCard>
  );
}
