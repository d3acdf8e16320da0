import { Button, Field, Flex, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LuTreePalm, LuShieldCheck, LuTrash2 } from 'react-icons/lu';
import {
  useAddTimeOffMutation,
  useDeleteTimeOffMutation,
  useMyTimeOffQuery,
  useSchedulingSettingsQuery,
  useUpdateSchedulingSettingsMutation,
} from '../../../gql/graphql';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { serverDetail } from '../../../shared/lib/server-detail';
import { formatDateTime, zonedInstant } from '../../../shared/lib/zoned-time';
import { toast } from '../../../shared/toast';
import { invalidateSlotLists } from '../../availability/hooks/slot-queries';

const FIELDS = [
  { key: 'minNoticeMinutes', label: 'Minimum notice (minutes)', max: 43200 },
  { key: 'bufferBeforeMinutes', label: 'Buffer before (minutes)', max: 1440 },
  { key: 'bufferAfterMinutes', label: 'Buffer after (minutes)', max: 1440 },
  { key: 'maxDaysAhead', label: 'Bookable up to (days ahead)', max: 730 },
] as const;
type Key = (typeof FIELDS)[number]['key'];

/** Scheduling guards: minimum notice, buffers around each booking, how far ahead brands may book. */
export function SchedulingSettingsCard() {
  const { data, error } = useSchedulingSettingsQuery({ variables: {} });
  const [save, { loading }] = useUpdateSchedulingSettingsMutation();
  const [draft, setDraft] = useState<Record<Key, string>>({ minNoticeMinutes: '', bufferBeforeMinutes: '', bufferAfterMinutes: '', maxDaysAhead: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const settings = data?.schedulingSettings;
  useEffect(() => {
    if (settings) setDraft(Object.fromEntries(FIELDS.map((f) => [f.key, String(settings[f.key])])) as Record<Key, string>);
  }, [settings]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const bad = FIELDS.find((f) => !/^\d+$/.test(draft[f.key]) || Number(draft[f.key]) > f.max || (f.key === 'maxDaysAhead' && Number(draft[f.key]) < 1));
    if (bad) return setProblem(`${bad.label}: a whole number from ${bad.key === 'maxDaysAhead' ? 1 : 0} to ${bad.max}`);
    try {
      await save({
        variables: { input: Object.fromEntries(FIELDS.map((f) => [f.key, Number(draft[f.key])])) },
        update: (cache) => invalidateSlotLists(cache),
      });
      toast.success('Scheduling settings saved');
    } catch (e) {
      setProblem(errorMessage(e, 'Failed to save the settings'));
    }
  };
  return (
    <PanelCard icon={LuShieldCheck} title="Scheduling settings" description="Brands see these before they book.">
      <Stack asChild gap="3">
        <form onSubmit={submit} noValidate aria-label="Scheduling settings">
          {error && <FormError message={errorMessage(error, 'Failed to load the settings')} />}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            {FIELDS.map((f) => (
              <Field.Root key={f.key}>
                <Field.Label htmlFor={`guard-${f.key}`}>{f.label}</Field.Label>
                <Input
                  id={`guard-${f.key}`}
                  inputMode="numeric"
                  value={draft[f.key]}
                  onChange={(e) => {
                    setDraft({ ...draft, [f.key]: e.target.value.trim() });
                    setProblem(null);
                  }}
                />
              </Field.Root>
            ))}
          </SimpleGrid>
          <FormError message={problem} />
          <Button type="submit" loading={loading} loadingText="Saving..." alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            Save settings
          </Button>
        </form>
      </Stack>
    </PanelCard>
  );
}

/** Time off: every hour in a range (weekly ones included) stops being bookable. */
export function TimeOffCard({ zone }: { zone: string }) {
  const { data } = useMyTimeOffQuery();
  const [add, adding] = useAddTimeOffMutation({ refetchQueries: ['MyTimeOff'], awaitRefetchQueries: true });
  const [remove] = useDeleteTimeOffMutation({ refetchQueries: ['MyTimeOff'] });
  const [range, setRange] = useState({ start: '', end: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const instant = (local: string) => {
    const [day, time] = local.split('T');
    return day && time ? zonedInstant(day, time.slice(0, 5), zone) : null;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const start = instant(range.start);
    const end = instant(range.end);
    if (!start || !end) return setProblem('Pick when the time off starts and ends');
    if (end <= start) return setProblem('The end must be after the start');
    try {
      await add({ variables: { input: { startTime: start.toISOString(), endTime: end.toISOString() } }, update: (cache) => invalidateSlotLists(cache) });
      setRange({ start: '', end: '' });
      toast.success('Time off added');
    } catch (e) {
      setProblem(errorMessage(e, 'Failed to add time off'));
    }
  };
  const entries = data?.myTimeOff ?? [];
  return (
    <PanelCard icon={LuTreePalm} title="Time off" description={`None of your hours in a time off is bookable. Times in ${zone}.`}>
      <Stack gap="4">
        {entries.length > 0 && (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Time off">
            {entries.map((t) => (
              <Flex as="li" key={t.id} align="center" justify="space-between" gap="2" p="2" borderWidth="1px" rounded="md">
                <Text textStyle="sm">
                  {formatDateTime(t.startTime, zone)} – {formatDateTime(t.endTime, zone)}
                </Text>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={`Remove time off from ${formatDateTime(t.startTime, zone)}`}
                  onClick={() =>
                    void remove({ variables: { id: t.id }, update: (cache) => invalidateSlotLists(cache) }).catch((e) => toast.error('Failed to remove time off', serverDetail(e)))
                  }
                >
                  <LuTrash2 />
                </IconButton>
              </Flex>
            ))}
          </Stack>
        )}
        <Stack asChild gap="3">
          <form onSubmit={submit} noValidate aria-label="Add time off">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <Field.Root>
                <Field.Label htmlFor="time-off-start">From</Field.Label>
                <Input id="time-off-start" type="datetime-local" step={3600} value={range.start} onChange={(e) => setRange({ ...range, start: e.target.value })} />
              </Field.Root>
              <Field.Root>
                <Field.Label htmlFor="time-off-end">Until</Field.Label>
                <Input id="time-off-end" type="datetime-local" step={3600} value={range.end} onChange={(e) => setRange({ ...range, end: e.target.value })} />
              </Field.Root>
            </SimpleGrid>
            <FormError message={problem} />
            <Button type="submit" variant="outline" loading={adding.loading} alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
              Add time off
            </Button>
          </form>
        </Stack>
      </Stack>
    </PanelCard>
  );
}
