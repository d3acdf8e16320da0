import { Badge, Box, Button, Field, Flex, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuCalendarSync, LuPlus, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import {
  useCalendarConnectionsQuery,
  useConnectCalendarMutation,
  useDeleteCalendarConnectionMutation,
  useSyncCalendarConnectionMutation,
  type CalendarConnection_ConnectionFragment,
} from '../../../gql/graphql';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { serverDetail } from '../../../shared/lib/server-detail';
import { formatDateTime } from '../../../shared/lib/zoned-time';
import { toast } from '../../../shared/toast';
import { invalidateSlotLists } from '../../availability/hooks/slot-queries';

type Kind = 'ics' | 'caldav';

/**
 * "Connected calendars" in the availability manager: iCalendar feed URLs and CalDAV calendars whose
 * busy times are not bookable. Each shows its last sync and last error, with Sync now and Remove.
 */
export function ConnectedCalendars({ zone }: { zone: string }) {
  const { data, loading, error } = useCalendarConnectionsQuery();
  const connections = data?.calendarConnections ?? [];
  return (
    <PanelCard
      icon={LuCalendarSync}
      title="Connected calendars"
      description="Busy times from your own calendars (stream schedule, Google, Outlook, Nextcloud) are never bookable."
    >
      <Stack gap="5">
        {error && <FormError message={errorMessage(error, 'Failed to load connected calendars')} />}
        {loading && !data ? null : connections.length === 0 ? (
          <Text color="fg.muted" textStyle="sm">
            No calendars connected yet.
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Connected calendars">
            {connections.map((c) => (
              <ConnectionRow key={c.id} connection={c} zone={zone} />
            ))}
          </Stack>
        )}
        <ConnectForm />
      </Stack>
    </PanelCard>
  );
}

function ConnectionRow({ connection: c, zone }: { connection: CalendarConnection_ConnectionFragment; zone: string }) {
  const [sync, syncing] = useSyncCalendarConnectionMutation();
  const [remove, removing] = useDeleteCalendarConnectionMutation();
  const label = c.kind === 'caldav' ? `CalDAV${c.calendar ? ` · ${c.calendar}` : ''}` : 'iCalendar feed';
  const syncNow = async () => {
    try {
      const res = await sync({ variables: { id: c.id }, update: (cache) => invalidateSlotLists(cache) });
      const after = res.data?.syncCalendarConnection;
      if (after?.lastError) toast.error('Sync failed; the last good busy times are kept', after.lastError);
      else toast.success('Calendar synced');
    } catch (e) {
      toast.error('Sync failed', serverDetail(e));
    }
  };
  const removeIt = async () => {
    try {
      await remove({
        variables: { id: c.id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'CalendarConnection', id: c.id }) });
          invalidateSlotLists(cache);
        },
      });
      toast.success('Calendar removed');
    } catch (e) {
      toast.error('Failed to remove the calendar', serverDetail(e));
    }
  };
  return (
    <Box as="li" p="3" borderWidth="1px" rounded="lg" aria-label={`${label}: ${c.url}`}>
      <Stack gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <Badge variant="subtle" colorPalette="brand">
            {label}
          </Badge>
          <Text textStyle="sm" fontFamily="mono" truncate minW="0" flex="1" title={c.url}>
            {c.url}
          </Text>
        </Flex>
        <Text textStyle="xs" color="fg.muted">
          {c.lastSyncedAt ? `Last sync ${formatDateTime(c.lastSyncedAt, zone)}` : 'Never synced'} · {c.busyCount} busy{' '}
          {c.busyCount === 1 ? 'time' : 'times'}
        </Text>
        {c.lastError && (
          <Text textStyle="xs" color="fg.error" role="status" aria-label="Last error">
            Last error: {c.lastError}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => void syncNow()} loading={syncing.loading} loadingText="Syncing...">
            <LuRefreshCw aria-hidden />
            Sync now
          </Button>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void removeIt()} loading={removing.loading} aria-label={`Remove ${label}`}>
            <LuTrash2 aria-hidden />
            Remove
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}

function ConnectForm() {
  const [kind, setKind] = useState<Kind>('ics');
  const [form, setForm] = useState({ url: '', username: '', password: '', calendar: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [connect, { loading }] = useConnectCalendarMutation({ refetchQueries: ['CalendarConnections'], awaitRefetchQueries: true });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [key]: e.target.value });
    setProblem(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^(https?|webcals?):\/\//i.test(form.url.trim())) return setProblem('Enter the calendar address (https://… or webcal://…)');
    if (kind === 'caldav' && (!form.username || !form.password)) return setProblem('A CalDAV calendar needs a user name and a password');
    try {
      const res = await connect({
        variables: {
          input: {
            kind,
            url: form.url.trim(),
            ...(kind === 'caldav' ? { username: form.username, password: form.password, calendar: form.calendar || null } : {}),
          },
        },
        update: (cache) => invalidateSlotLists(cache),
      });
      const made = res.data?.connectCalendar;
      if (made?.lastError) toast.error('Connected, but the first sync failed', made.lastError);
      else {
        const n = made?.busyCount ?? 0;
        toast.success('Calendar connected', `${n} busy ${n === 1 ? 'time is' : 'times are'} no longer bookable`);
      }
      setForm({ url: '', username: '', password: '', calendar: '' });
    } catch (e) {
      setProblem(errorMessage(e, 'Failed to connect the calendar'));
    }
  };
  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate aria-label="Connect a calendar">
        <Flex gap="2" role="group" aria-label="Calendar kind">
          {(['ics', 'caldav'] as const).map((k) => (
            <Button key={k} size="sm" variant={kind === k ? 'solid' : 'outline'} aria-pressed={kind === k} onClick={() => setKind(k)}>
              {k === 'ics' ? 'iCalendar URL' : 'CalDAV'}
            </Button>
          ))}
        </Flex>
        <Field.Root>
          <Field.Label htmlFor="calendar-url">{kind === 'ics' ? 'Calendar feed URL (.ics)' : 'CalDAV server or calendar URL'}</Field.Label>
          <Input id="calendar-url" type="url" inputMode="url" placeholder="https://…" value={form.url} onChange={set('url')} />
        </Field.Root>
        {kind === 'caldav' && (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Field.Root>
              <Field.Label htmlFor="calendar-user">User name</Field.Label>
              <Input id="calendar-user" autoComplete="off" value={form.username} onChange={set('username')} />
            </Field.Root>
            <Field.Root>
              <Field.Label htmlFor="calendar-password">Password</Field.Label>
              <Input id="calendar-password" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
            </Field.Root>
            <Field.Root>
              <Field.Label htmlFor="calendar-name">Calendar name (optional)</Field.Label>
              <Input id="calendar-name" value={form.calendar} onChange={set('calendar')} />
            </Field.Root>
          </SimpleGrid>
        )}
        <FormError message={problem} />
        <Button type="submit" loading={loading} loadingText="Connecting..." alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <LuPlus aria-hidden />
          Connect calendar
        </Button>
      </form>
    </Stack>
  );
}
