import { Badge, Box, Button, Checkbox, Field, Flex, Heading, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { BookingWork_BookingFragment } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FileLinks } from '../../../shared/components/FileLinks';
import { FILE_ACCEPT } from '../../../shared/lib/upload-file';
import { formatDeadline } from '../../../shared/lib/zoned-time';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { useBookingWork } from '../hooks/useBookingWork';
import { DELIVERY_STATUS_LABEL, linesToLinks, timeLeft } from '../lib/delivery-view';

type Brief = NonNullable<BookingWork_BookingFragment['brief']>;
type Delivery = BookingWork_BookingFragment['deliveries'][number];

/** The minute, refreshed every 30 s (for countdowns). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

function Links({ links }: { links: string[] }) {
  if (links.length === 0) return null;
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
      {links.map((l) => (
        <Box as="li" key={l} minW="0">
          <Link href={l} target="_blank" rel="noopener noreferrer" textStyle="sm" colorPalette="brand" wordBreak="break-all">
            {l}
          </Link>
        </Box>
      ))}
    </Stack>
  );
}

function FilePicker({ label, onChange }: { label: string; onChange: (files: File[]) => void }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input type="file" multiple p="1" accept={FILE_ACCEPT} onChange={(e) => onChange(Array.from(e.target.files ?? []))} />
      <Field.HelperText>Images, PDF or video; at most 10 files.</Field.HelperText>
    </Field.Root>
  );
}

/** The brand writes (or changes) the brief. */
function BriefDialog({ bookingId, brief }: { bookingId: string; brief: Brief | null }) {
  const { saveBrief, busy } = useBookingWork();
  const [talkingPoints, setTalkingPoints] = useState('');
  const [links, setLinks] = useState('');
  const [dos, setDos] = useState('');
  const [donts, setDonts] = useState('');
  const [disclosure, setDisclosure] = useState(true);
  const [files, setFiles] = useState<File[]>([]);
  return (
    <ActionDialog
      trigger={
        <Button size="sm" colorPalette="brand" variant={brief ? 'outline' : 'solid'}>
          {brief ? 'Edit brief' : 'Write the brief'}
        </Button>
      }
      title={brief ? 'Edit the brief' : 'Write the brief'}
      confirmLabel="Save brief"
      confirmDisabled={talkingPoints.trim() === ''}
      loading={busy}
      onOpenChange={(open) => {
        if (!open) return;
        setTalkingPoints(brief?.talkingPoints ?? '');
        setLinks((brief?.links ?? []).join('\n'));
        setDos(brief?.dos ?? '');
        setDonts(brief?.donts ?? '');
        setDisclosure(brief?.disclosureRequired ?? true);
        setFiles([]);
      }}
      onConfirm={() =>
        saveBrief(bookingId, { talkingPoints, links: linesToLinks(links), dos: dos || null, donts: donts || null, disclosureRequired: disclosure }, brief?.fileIds ?? [], files)
      }
    >
      <Stack gap="3">
        {brief?.confirmedAt && <Text textStyle="sm" color="fg.muted">The creator confirmed this brief; a change asks them to confirm it again.</Text>}
        <Field.Root required>
          <Field.Label>Talking points</Field.Label>
          <Textarea value={talkingPoints} onChange={(e) => setTalkingPoints(e.target.value)} rows={4} placeholder="What should the creator say or show?" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Links</Field.Label>
          <Textarea value={links} onChange={(e) => setLinks(e.target.value)} rows={2} placeholder="https://… (one per line)" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Do</Field.Label>
          <Textarea value={dos} onChange={(e) => setDos(e.target.value)} rows={2} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Don't</Field.Label>
          <Textarea value={donts} onChange={(e) => setDonts(e.target.value)} rows={2} />
        </Field.Root>
        <Checkbox.Root checked={disclosure} onCheckedChange={(d) => setDisclosure(d.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>An ad disclosure is required</Checkbox.Label>
        </Checkbox.Root>
        <FilePicker label="Add files" onChange={setFiles} />
      </Stack>
    </ActionDialog>
  );
}

/** The creator submits what was delivered. */
function DeliveryDialog({ bookingId, again }: { bookingId: string; again: boolean }) {
  const { submitDelivery, busy } = useBookingWork();
  const [links, setLinks] = useState('');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  return (
    <ActionDialog
      trigger={
        <Button size="sm" colorPalette="brand">
          {again ? 'Deliver again' : 'Submit delivery'}
        </Button>
      }
      title={again ? 'Submit the revised delivery' : 'Submit the delivery'}
      confirmLabel="Submit delivery"
      confirmDisabled={linesToLinks(links).length === 0 && files.length === 0}
      loading={busy}
      onOpenChange={(open) => {
        if (!open) return;
        setLinks('');
        setNote('');
        setFiles([]);
      }}
      onConfirm={() => submitDelivery(bookingId, { links: linesToLinks(links), note: note || null }, files)}
    >
      <Stack gap="3">
        <Field.Root>
          <Field.Label>Links (VOD, clips, posts)</Field.Label>
          <Textarea value={links} onChange={(e) => setLinks(e.target.value)} rows={3} placeholder="https://… (one per line)" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Note</Field.Label>
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
        </Field.Root>
        <FilePicker label="Screenshots or files" onChange={setFiles} />
      </Stack>
    </ActionDialog>
  );
}

function ChangesDialog({ bookingId, delivery, left }: { bookingId: string; delivery: Delivery; left: number }) {
  const { requestChanges, busy } = useBookingWork();
  const [note, setNote] = useState('');
  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline" disabled={left <= 0}>
          Request changes
        </Button>
      }
      title="Request changes"
      confirmLabel="Request changes"
      confirmDisabled={note.trim() === ''}
      loading={busy}
      onOpenChange={(open) => open && setNote('')}
      onConfirm={() => requestChanges(bookingId, delivery.id, note)}
    >
      <Stack gap="3">
        <Text textStyle="sm" color="fg.muted">
          {left === 1 ? 'This is your last revision included.' : `${left} revisions left.`}
        </Text>
        <Field.Root required>
          <Field.Label>What should change?</Field.Label>
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}

function BriefView({ brief, booking, creatorSide, readOnly }: { brief: Brief; booking: BookingWork_BookingFragment; creatorSide: boolean; readOnly: boolean }) {
  const { confirmBrief, busy } = useBookingWork();
  const confirmed = Boolean(brief.confirmedAt);
  return (
    <Stack gap="2" data-testid="booking-brief">
      <Flex gap="2" align="center" wrap="wrap">
        <Heading as="h4" size="sm">
          Brief
        </Heading>
        <Badge colorPalette={confirmed ? 'green' : 'orange'}>{confirmed ? `Confirmed (v${brief.version})` : `Waiting for the creator's confirmation (v${brief.version})`}</Badge>
        {brief.disclosureRequired && <Badge colorPalette="purple">Ad disclosure required</Badge>}
      </Flex>
      <Text textStyle="sm" whiteSpace="pre-wrap">
        {brief.talkingPoints}
      </Text>
      {brief.dos && (
        <Text textStyle="sm" whiteSpace="pre-wrap">
          <Text as="span" fontWeight="semibold">Do: </Text>
          {brief.dos}
        </Text>
      )}
      {brief.donts && (
        <Text textStyle="sm" whiteSpace="pre-wrap">
          <Text as="span" fontWeight="semibold">Don't: </Text>
          {brief.donts}
        </Text>
      )}
      <Links links={brief.links} />
      <FileLinks files={brief.files} label="Files of the brief" />
      {!readOnly && creatorSide && !confirmed && booking.status === 'CONFIRMED' && (
        <Box>
          <Button size="sm" colorPalette="brand" loading={busy} onClick={() => confirmBrief(booking.id, brief.version)}>
            Confirm brief
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function DeliveryItem({
  d,
  booking,
  creatorSide,
  readOnly,
  now,
}: {
  d: Delivery;
  booking: BookingWork_BookingFragment;
  creatorSide: boolean;
  readOnly: boolean;
  now: Date;
}) {
  const zone = useViewerZone();
  const { approve, busy } = useBookingWork();
  const open = d.status === 'SUBMITTED';
  const left = timeLeft(d.approvalDueAt, now);
  return (
    <Stack gap="1.5" borderWidth="1px" borderRadius="md" p="3" data-testid={`delivery-${d.number}`}>
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold" textStyle="sm">
          Delivery {d.number}
        </Text>
        <Badge colorPalette={d.status === 'APPROVED' ? 'green' : d.status === 'SUBMITTED' ? 'orange' : 'gray'}>
          {d.status === 'APPROVED' && d.respondedBy === 'SYSTEM' ? 'Approved automatically' : DELIVERY_STATUS_LABEL[d.status]}
        </Badge>
        <Text textStyle="xs" color="fg.muted">
          Submitted {formatDeadline(d.submittedAt, zone)}
        </Text>
      </Flex>
      <Links links={d.links} />
      {d.note && (
        <Text textStyle="sm" whiteSpace="pre-wrap">
          {d.note}
        </Text>
      )}
      <FileLinks files={d.files} label={`Files of delivery ${d.number}`} />
      {d.responseNote && (
        <Text textStyle="sm" whiteSpace="pre-wrap">
          <Text as="span" fontWeight="semibold">Changes asked: </Text>
          {d.responseNote}
        </Text>
      )}
      {open && (
        <Text textStyle="sm" color="fg.muted" data-testid="approval-countdown">
          {creatorSide || readOnly ? 'The brand answers' : 'Approve or ask for changes'} by {formatDeadline(d.approvalDueAt, zone)}
          {left ? ` (${left} left)` : ''}; silence approves it then.
        </Text>
      )}
      {!readOnly && open && !creatorSide && booking.status === 'CONFIRMED' && (
        <Flex gap="2" wrap="wrap">
          <Button size="sm" colorPalette="green" loading={busy} onClick={() => approve(booking.id, d.id)}>
            Approve
          </Button>
          <ChangesDialog bookingId={booking.id} delivery={d} left={booking.deliveryTerms.revisionsLeft} />
          <Text textStyle="xs" color="fg.muted" alignSelf="center">
            {booking.deliveryTerms.revisionsLeft} of {booking.deliveryTerms.revisionsIncluded} revisions left
          </Text>
        </Flex>
      )}
    </Stack>
  );
}

/**
 * The brief and the deliveries of a booking, with what the viewer may do about them. `readOnly`
 * (support reading a dispute): the record only, no actions, and says when nothing was written or delivered.
 */
export function BookingWork({ booking, creatorSide, readOnly = false }: { booking: BookingWork_BookingFragment; creatorSide: boolean; readOnly?: boolean }) {
  const now = useNow();
  const confirmed = booking.status === 'CONFIRMED';
  const { brief, deliveries } = booking;
  if (readOnly) {
    return (
      <Stack gap="3" data-testid="booking-work">
        {brief ? <BriefView brief={brief} booking={booking} creatorSide={creatorSide} readOnly /> : <Text textStyle="sm" color="fg.muted">No brief was written.</Text>}
        <Stack gap="2">
          <Heading as="h4" size="sm">
            Deliveries
          </Heading>
          {deliveries.length === 0 && (
            <Text textStyle="sm" color="fg.muted">
              Nothing was delivered.
            </Text>
          )}
          {deliveries.map((d) => (
            <DeliveryItem key={d.id} d={d} booking={booking} creatorSide={creatorSide} readOnly now={now} />
          ))}
        </Stack>
      </Stack>
    );
  }
  if (!confirmed && !brief && deliveries.length === 0) return null;
  const waiting = deliveries.some((d) => d.status === 'SUBMITTED');
  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" data-testid="booking-work">
      {brief ? (
        <BriefView brief={brief} booking={booking} creatorSide={creatorSide} readOnly={false} />
      ) : (
        <Text textStyle="sm" color="fg.muted">
          {creatorSide ? 'No brief yet: the brand writes it.' : 'Tell the creator what to say, show and avoid.'}
        </Text>
      )}
      {deliveries.length > 0 && (
        <Stack gap="2">
          <Heading as="h4" size="sm">
            Deliveries
          </Heading>
          {deliveries.map((d) => (
            <DeliveryItem key={d.id} d={d} booking={booking} creatorSide={creatorSide} readOnly={false} now={now} />
          ))}
        </Stack>
      )}
      {confirmed && (
        <Flex gap="2" wrap="wrap">
          {!creatorSide && <BriefDialog bookingId={booking.id} brief={brief ?? null} />}
          {creatorSide && !waiting && <DeliveryDialog bookingId={booking.id} again={deliveries.length > 0} />}
        </Flex>
      )}
    </Stack>
  );
}
