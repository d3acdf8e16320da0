import { useFragment } from '@apollo/client';
import { Badge, Box, Button, Flex, Icon, Separator, Stack, Text } from '@chakra-ui/react';
import { LuFilePen } from 'react-icons/lu';
import { OfferCard_OfferFragmentDoc, type OfferCard_OfferFragment, type OfferStatus } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { formatDay, formatDeadline, formatTimeRange } from '../../../shared/lib/zoned-time';
import type { OfferMove } from '../hooks/useOfferActions';
import { draftFromOffer } from '../lib/offer-form';
import { OfferDialog } from './OfferDialog';
import type { OfferTermsInput } from '../../../gql/graphql';

const STATUS_BADGE: Record<OfferStatus, { label: string; palette: string }> = {
  PENDING: { label: 'Open', palette: 'yellow' },
  ACCEPTED: { label: 'Accepted', palette: 'green' },
  DECLINED: { label: 'Declined', palette: 'red' },
  COUNTERED: { label: 'Countered', palette: 'gray' },
  WITHDRAWN: { label: 'Withdrawn', palette: 'gray' },
  EXPIRED: { label: 'Expired', palette: 'gray' },
};

interface Props {
  /** The offer as the thread's line carried it; the card follows the cache's newest copy. */
  offer: OfferCard_OfferFragment;
  mine: boolean;
  senderName: string;
  recipientName: string;
  /** The viewer is the brand (their accept is their checkout). */
  viewerIsClient: boolean;
  zone: string;
  busy: OfferMove | null;
  onMove: (move: OfferMove) => void;
  onCounter: (input: OfferTermsInput) => Promise<boolean>;
}

/** A custom offer in the thread: its lines and total, when, until when it is open, and the viewer's moves. */
export function OfferCard({ offer: carried, mine, senderName, recipientName, viewerIsClient, zone, busy, onMove, onCounter }: Props) {
  const cached = useFragment({ fragment: OfferCard_OfferFragmentDoc, fragmentName: 'OfferCard_offer', from: { __typename: 'Offer', id: carried.id } });
  const offer = (cached.complete ? cached.data : carried) as OfferCard_OfferFragment;
  const badge = STATUS_BADGE[offer.status];
  const can = new Set(offer.availableActions);
  const open = offer.status === 'PENDING';
  const when = offer.startTime && offer.endTime ? `${formatDay(offer.startTime, zone)} · ${formatTimeRange(offer.startTime, offer.endTime, zone)}` : offer.dueAt ? `Due ${formatDay(offer.dueAt, zone)}` : '';
  const title = `${offer.version > 1 ? 'Counter-offer' : 'Offer'}${mine ? ' you sent' : ` from ${senderName}`}`;
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} w="full">
      <Box
        as="article"
        aria-label={`${title}: ${formatCents(offer.totalCents)}, ${badge.label}`}
        w={{ base: '92%', md: '24rem' }}
        maxW="full"
        p="4"
        rounded="2xl"
        bg="bg.panel"
        borderWidth="1px"
        borderColor={open ? 'brand.muted' : 'border'}
        shadow="xs"
        data-testid="offer-card"
      >
        <Stack gap="3">
          <Flex gap="2" align="center" justify="space-between" wrap="wrap">
            <Flex gap="2" align="center" minW="0">
              <Icon as={LuFilePen} color="brand.fg" boxSize="4" aria-hidden />
              <Text textStyle="sm" fontWeight="semibold" truncate>
                {title}
              </Text>
            </Flex>
            <Badge colorPalette={badge.palette} variant="subtle">
              {offer.version > 1 ? `v${offer.version} · ` : ''}
              {badge.label}
            </Badge>
          </Flex>
          <Stack gap="1" textStyle="sm" as="ul" listStyleType="none" aria-label="Line items">
            {offer.items.map((item, i) => (
              <Flex as="li" key={i} justify="space-between" gap="3">
                <Text minW="0" wordBreak="break-word">
                  {item.label}
                  {item.quantity > 1 && (
                    <Text as="span" color="fg.muted">
                      {' '}
                      × {item.quantity} at {formatCents(item.unitPriceCents)}
                    </Text>
                  )}
                </Text>
                <Text flexShrink={0}>{formatCents(item.totalCents)}</Text>
              </Flex>
            ))}
          </Stack>
          <Separator />
          <Flex justify="space-between" fontWeight="bold">
            <Text>Total</Text>
            <Text data-testid="offer-card-total" textDecoration={open || offer.status === 'ACCEPTED' ? undefined : 'line-through'}>
              {formatCents(offer.totalCents)}
            </Text>
          </Flex>
          <Stack gap="0.5" textStyle="xs" color="fg.muted">
            {when && <Text>{when}</Text>}
            <Text>
              {offer.revisionsIncluded} {offer.revisionsIncluded === 1 ? 'revision' : 'revisions'} included
            </Text>
            {open && <Text>Open until {formatDeadline(offer.expiresAt, zone)}</Text>}
            {offer.note && (
              <Text color="fg" whiteSpace="pre-wrap" wordBreak="break-word">
                “{offer.note}”
              </Text>
            )}
          </Stack>
          {(can.size > 0 || (open && mine)) && (
            <Flex gap="2" wrap="wrap" role="group" aria-label="Answer the offer">
              {can.has('ACCEPT') && (
                <Button size="sm" colorPalette="green" loading={busy === 'accept'} disabled={Boolean(busy)} onClick={() => onMove('accept')}>
                  {viewerIsClient ? 'Accept and pay' : 'Accept'}
                </Button>
              )}
              {can.has('PAY') && (
                <Button size="sm" colorPalette="green" loading={busy === 'pay'} disabled={Boolean(busy)} onClick={() => onMove('pay')}>
                  Pay {formatCents(offer.totalCents)}
                </Button>
              )}
              {can.has('COUNTER') && (
                <OfferDialog
                  trigger={
                    <Button size="sm" variant="outline" disabled={Boolean(busy)}>
                      Counter
                    </Button>
                  }
                  title="Counter-offer"
                  confirmLabel="Send counter-offer"
                  initial={() => draftFromOffer(offer, zone)}
                  onSubmit={onCounter}
                />
              )}
              {can.has('DECLINE') && (
                <Button size="sm" variant="ghost" loading={busy === 'decline'} disabled={Boolean(busy)} onClick={() => onMove('decline')}>
                  Decline
                </Button>
              )}
              {can.has('WITHDRAW') && (
                <Button size="sm" variant="ghost" loading={busy === 'withdraw'} disabled={Boolean(busy)} onClick={() => onMove('withdraw')}>
                  Withdraw
                </Button>
              )}
              {open && mine && (
                <Text textStyle="xs" color="fg.muted" alignSelf="center">
                  Waiting for {recipientName}.
                </Text>
              )}
            </Flex>
          )}
          {offer.status === 'ACCEPTED' && !can.has('PAY') && (
            <Text textStyle="xs" color="fg.muted">
              {offer.bookingId ? 'Booked: see it under Bookings.' : viewerIsClient ? 'Accepted.' : 'Accepted: the brand pays next.'}
            </Text>
          )}
        </Stack>
      </Box>
    </Flex>
  );
}
