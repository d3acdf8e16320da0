import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuDownload, LuFileText } from 'react-icons/lu';
import { useBookingDocumentsQuery } from '../../../gql/graphql';
import { toast } from '../../../shared/toast';
import { DOCUMENT_KIND_LABELS, documentAmount, downloadWithSession, formatIssued } from '../lib/download';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { READ_AGAIN_ON_CHANGE } from '../../../shared/lib/read-again';

/**
 * A booking's documents (invoice, receipt, credit notes, payout statements the viewer may open),
 * loaded when opened, each with its PDF download. Booking cards and the support console show it.
 * `revision` names the booking's money state: when it changes (live), an open list is read again.
 */
export function BookingDocuments({ bookingId, revision }: { bookingId: string; revision?: string }) {
  const [open, setOpen] = useState(false);
  const { data, loading, refetch } = useBookingDocumentsQuery({ variables: { id: bookingId }, skip: !open, fetchPolicy: 'cache-and-network', ...READ_AGAIN_ON_CHANGE });
  // A move that issues a document (a capture, a refund, a payout) changes the booking: an open list reads it again.
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    if (open) void refetch().catch(() => undefined);
  }, [revision, open, refetch]);
  const docs = data?.booking?.documents ?? [];
  const zone = useViewerZone();
  return (
    <Stack gap="2" data-testid="booking-documents">
      <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <LuFileText />{open ? 'Hide documents' : 'Documents'}
      </Button>
      {open &&
        (loading && !data ? (
          <Skeleton h="8" role="status" aria-label="Loading documents" />
        ) : docs.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            No documents yet: the invoice and receipt are issued when the payment is captured.
          </Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {docs.map((d) => (
              <HStack as="li" key={d.id} justify="space-between" align="center" gap="3">
                <Stack gap="0" minW="0">
                  <Text textStyle="sm">
                    <strong>{DOCUMENT_KIND_LABELS[d.kind] ?? d.kind}</strong>{' '}
                    <Text as="span" wordBreak="break-all">
                      {d.number}
                    </Text>
                  </Text>
                  <Text textStyle="xs" color="fg.muted">
                    {documentAmount(d.kind, d.totalCents)} · issued {formatIssued(d.issuedAt, zone)}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="outline"
                  flexShrink={0}
                  aria-label={`PDF of ${DOCUMENT_KIND_LABELS[d.kind] ?? d.kind} ${d.number}`}
                  onClick={() => downloadWithSession(d.url, `${d.number}.pdf`).catch((err: Error) => toast.error('Could not download the document', err.message))}
                >
                  <LuDownload /> PDF
                </Button>
              </HStack>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
