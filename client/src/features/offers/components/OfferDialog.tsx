import { Box, Button, Field, Flex, Grid, IconButton, Input, NativeSelect, SegmentGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import type { OfferTermsInput } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { formatCents } from '../../../shared/lib/money';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { draftTotal, emptyDraft, emptyItem, EXPIRY_CHOICES, itemCents, toOfferInput, type OfferDraft } from '../lib/offer-form';

const EXPIRY_LABEL: Record<(typeof EXPIRY_CHOICES)[number], string> = { '24': '24 hours', '48': '2 days', '72': '3 days', '168': '7 days' };

interface Props {
  trigger: ReactElement;
  title: string;
  confirmLabel: string;
  /** The form's starting point (a counter starts from the offer it answers). */
  initial?: () => OfferDraft;
  /** Sends the terms; resolves true when sent (the dialog closes). */
  onSubmit: (input: OfferTermsInput) => Promise<boolean>;
}

/** The offer form: line items (what, how many, price each), a due date or a live time, how long it stays open, a note. */
export function OfferDialog({ trigger, title, confirmLabel, initial, onSubmit }: Props) {
  const zone = useViewerZone();
  const [draft, setDraft] = useState<OfferDraft>(() => (initial ? initial() : emptyDraft()));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = (patch: Partial<OfferDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setItem = (index: number, patch: Partial<OfferDraft['items'][number]>) =>
    setDraft((d) => ({ ...d, items: d.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
  const total = draftTotal(draft.items);

  const submit = async () => {
    const parsed = toOfferInput(draft, zone);
    if ('error' in parsed) {
      setError(parsed.error);
      return false;
    }
    setError(null);
    setSending(true);
    try {
      return (await onSubmit(parsed.input)) ? true : false;
    } finally {
      setSending(false);
    }
  };

  return (
    <ActionDialog
      trigger={trigger}
      title={title}
      confirmLabel={confirmLabel}
      loading={sending}
      onConfirm={submit}
      onOpenChange={(open) => {
        if (open) {
          setDraft(initial ? initial() : emptyDraft());
          setError(null);
        }
      }}
    >
      <Stack gap="4">
        <Stack gap="2" role="group" aria-label="Line items">
          {draft.items.map((item, i) => {
            const amount = itemCents(item);
            return (
              <Box key={i} borderWidth="1px" borderColor="border.muted" rounded="md" p="2">
                <Grid templateColumns={{ base: '1fr 1fr', sm: '2fr 0.7fr 1fr auto' }} gap="2" alignItems="end">
                  <Field.Root gridColumn={{ base: 'span 2', sm: 'auto' }}>
                    <Field.Label textStyle="xs">What</Field.Label>
                    <Input size="sm" value={item.label} placeholder="15 min live segment" maxLength={200} aria-label={`Line ${i + 1}: what`} onChange={(e) => setItem(i, { label: e.target.value })} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label textStyle="xs">Qty</Field.Label>
                    <Input size="sm" inputMode="numeric" value={item.quantity} aria-label={`Line ${i + 1}: quantity`} onChange={(e) => setItem(i, { quantity: e.target.value })} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label textStyle="xs">Price each ($)</Field.Label>
                    <Input size="sm" inputMode="decimal" value={item.price} placeholder="150" aria-label={`Line ${i + 1}: price each in dollars`} onChange={(e) => setItem(i, { price: e.target.value })} />
                  </Field.Root>
                  <Flex align="center" justify="flex-end" gap="2" gridColumn={{ base: 'span 2', sm: 'auto' }}>
                    <Text textStyle="sm" color="fg.muted" minW="16" textAlign="right">
                      {amount === null ? '—' : formatCents(amount)}
                    </Text>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove line ${i + 1}`}
                      disabled={draft.items.length === 1}
                      onClick={() => setDraft((d) => ({ ...d, items: d.items.filter((_, j) => j !== i) }))}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </Flex>
                </Grid>
              </Box>
            );
          })}
          <Flex justify="space-between" align="center" wrap="wrap" gap="2">
            <Button size="xs" variant="outline" disabled={draft.items.length >= 20} onClick={() => setDraft((d) => ({ ...d, items: [...d.items, emptyItem()] }))}>
              <LuPlus aria-hidden /> Add a line
            </Button>
            <Text fontWeight="semibold" data-testid="offer-total">
              Total {formatCents(total)}
            </Text>
          </Flex>
        </Stack>

        <Stack gap="2">
          <Text textStyle="sm" fontWeight="medium">
            When
          </Text>
          <SegmentGroup.Root size="sm" value={draft.mode} onValueChange={(e) => set({ mode: e.value as OfferDraft['mode'] })}>
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={[{ value: 'due', label: 'By a due date' }, { value: 'time', label: 'At a live time' }]} />
          </SegmentGroup.Root>
          {draft.mode === 'due' ? (
            <Field.Root>
              <Field.Label textStyle="xs">Due date</Field.Label>
              <Input size="sm" type="date" value={draft.dueDate} onChange={(e) => set({ dueDate: e.target.value })} />
            </Field.Root>
          ) : (
            <Grid templateColumns={{ base: '1fr 1fr', sm: '1.4fr 1fr 0.8fr' }} gap="2">
              <Field.Root gridColumn={{ base: 'span 2', sm: 'auto' }}>
                <Field.Label textStyle="xs">Day</Field.Label>
                <Input size="sm" type="date" value={draft.startDate} onChange={(e) => set({ startDate: e.target.value })} />
              </Field.Root>
              <Field.Root>
                <Field.Label textStyle="xs">Start</Field.Label>
                <Input size="sm" type="time" step={3600} value={draft.startTime} onChange={(e) => set({ startTime: e.target.value })} />
              </Field.Root>
              <Field.Root>
                <Field.Label textStyle="xs">Hours</Field.Label>
                <Input size="sm" inputMode="numeric" value={draft.hours} onChange={(e) => set({ hours: e.target.value })} />
              </Field.Root>
            </Grid>
          )}
          <Text textStyle="xs" color="fg.muted">
            Times are in your time zone ({zone}).
          </Text>
        </Stack>

        <Field.Root>
          <Field.Label textStyle="sm">Open for</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.expiryHours} onChange={(e) => set({ expiryHours: e.target.value })}>
              {EXPIRY_CHOICES.map((h) => (
                <option key={h} value={h}>
                  {EXPIRY_LABEL[h]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>

        <Field.Root>
          <Field.Label textStyle="sm">Note (optional)</Field.Label>
          <Textarea size="sm" rows={2} maxLength={2000} value={draft.note} onChange={(e) => set({ note: e.target.value })} />
        </Field.Root>
        {error && <FormError message={error} />}
      </Stack>
    </ActionDialog>
  );
}
