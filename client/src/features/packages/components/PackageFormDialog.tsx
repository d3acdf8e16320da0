import { Checkbox, Field, Grid, HStack, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import type { CreatePackageInput } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { DELIVERABLE_FIELDS, emptyPackageDraft, toPackageInput, type PackageDraft } from '../lib/package-form';

const PLATFORM_CHOICES = [
  { value: 'twitch', label: 'Twitch' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'instagram', label: 'Instagram' },
] as const;

interface Props {
  trigger: ReactElement;
  title: string;
  confirmLabel: string;
  initial?: () => PackageDraft;
  onSubmit: (input: CreatePackageInput) => Promise<boolean>;
}

/** A package's terms: title, description, deliverables, price, lead time, revisions, platforms, on sale or not. */
export function PackageFormDialog({ trigger, title, confirmLabel, initial, onSubmit }: Props) {
  const [draft, setDraft] = useState<PackageDraft>(() => (initial ? initial() : emptyPackageDraft()));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<PackageDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    const parsed = toPackageInput(draft);
    if ('error' in parsed) {
      setError(parsed.error);
      return false;
    }
    setError(null);
    setSaving(true);
    try {
      return (await onSubmit(parsed.input)) ? true : false;
    } finally {
      setSaving(false);
    }
  };

  return (
    <ActionDialog
      trigger={trigger}
      title={title}
      confirmLabel={confirmLabel}
      loading={saving}
      onConfirm={submit}
      onOpenChange={(open) => {
        if (open) {
          setDraft(initial ? initial() : emptyPackageDraft());
          setError(null);
        }
      }}
    >
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>Title</Field.Label>
          <Input value={draft.title} maxLength={100} placeholder="Sponsored segment in my Friday stream" onChange={(e) => set({ title: e.target.value })} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Description</Field.Label>
          <Textarea rows={3} maxLength={2000} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
        </Field.Root>
        <Stack gap="2" role="group" aria-label="Deliverables">
          <Text textStyle="sm" fontWeight="medium">
            Deliverables
          </Text>
          <Grid templateColumns={{ base: '1fr 1fr', sm: 'repeat(3, 1fr)' }} gap="2">
            {DELIVERABLE_FIELDS.map((f) => (
              <Field.Root key={f.key}>
                <Field.Label textStyle="xs">{f.label}</Field.Label>
                <Input size="sm" inputMode="numeric" value={draft[f.key]} onChange={(e) => set({ [f.key]: e.target.value } as Partial<PackageDraft>)} />
              </Field.Root>
            ))}
          </Grid>
        </Stack>
        <Grid templateColumns={{ base: '1fr 1fr', sm: 'repeat(3, 1fr)' }} gap="2">
          <Field.Root required>
            <Field.Label textStyle="sm">Price ($)</Field.Label>
            <Input size="sm" inputMode="decimal" value={draft.price} placeholder="300" onChange={(e) => set({ price: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label textStyle="sm">Lead time (days)</Field.Label>
            <Input size="sm" inputMode="numeric" value={draft.leadTimeDays} onChange={(e) => set({ leadTimeDays: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label textStyle="sm">Revisions</Field.Label>
            <Input size="sm" inputMode="numeric" value={draft.revisionsIncluded} onChange={(e) => set({ revisionsIncluded: e.target.value })} />
          </Field.Root>
        </Grid>
        <Stack gap="2" role="group" aria-label="Platforms">
          <Text textStyle="sm" fontWeight="medium">
            Platforms
          </Text>
          <HStack gap="4" wrap="wrap">
            {PLATFORM_CHOICES.map((p) => (
              <Checkbox.Root
                key={p.value}
                size="sm"
                checked={draft.platforms.includes(p.value)}
                onCheckedChange={(e) => set({ platforms: e.checked ? [...draft.platforms, p.value] : draft.platforms.filter((x) => x !== p.value) })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{p.label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Stack>
        <Switch.Root checked={draft.active} onCheckedChange={(e) => set({ active: e.checked })}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>On sale (shown on your public page)</Switch.Label>
        </Switch.Root>
        {error && <FormError message={error} />}
      </Stack>
    </ActionDialog>
  );
}
