import { Checkbox, Dialog, Field, Fieldset, Input, InputGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import type { Platform } from '../../../gql/graphql';
import { PLATFORMS, type PlatformHandleField } from '../../../shared/lib/platforms';
import {
  MAX_MINIMUM_HOURS,
  MIN_HOURLY_RATE,
  MIN_MINIMUM_HOURS,
  validateCreatorForm,
  type CreatorFormField,
  type CreatorFormValues,
} from '../lib/creator-form';
import { ProfileDialogFooter } from './ProfileDialogFooter';
import { TimeZoneSelect } from './TimeZoneSelect';
import { LongTextField } from './LongTextField';

interface Props {
  initialValues: CreatorFormValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: CreatorFormValues) => void;
}

/**
 * The creator profile form (spec §2 "Profile dialogs", §5): display name, bio, hourly rate,
 * minimum hours, platform checkboxes with a handle per chosen platform, and the time zone.
 * Submit stays disabled until the form is valid; a field's error shows once it was visited.
 */
export function CreatorProfileForm({ initialValues, submitLabel, submitting, onSubmit }: Props) {
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<CreatorFormField>>(new Set());
  const errors = validateCreatorForm(values);
  const valid = Object.keys(errors).length === 0;

  const set = <K extends keyof CreatorFormValues>(key: K, value: CreatorFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setHandle = (field: PlatformHandleField, value: string) =>
    setValues((current) => ({ ...current, handles: { ...current.handles, [field]: value } }));
  const touch = (field: CreatorFormField) => setTouched((current) => new Set(current).add(field));
  const shownError = (field: CreatorFormField) => (touched.has(field) ? errors[field] : undefined);

  const togglePlatform = (platform: Platform, checked: boolean) => {
    touch('platforms');
    setValues((current) => ({
      ...current,
      platforms: checked ? [...current.platforms, platform] : current.platforms.filter((p) => p !== platform),
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !submitting) onSubmit(values);
  };

  const chosenPlatforms = PLATFORMS.filter((platform) => values.platforms.includes(platform.value));

  return (
    <>
      <Dialog.Body>
        <Stack asChild gap="5">
          <form id={formId} onSubmit={submit} noValidate aria-label="Creator profile">
            <Field.Root required invalid={Boolean(shownError('displayName'))}>
              <Field.Label>
                Display name <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="displayName"
                autoComplete="nickname"
                placeholder="How brands will see you"
                maxLength={100}
                value={values.displayName}
                onChange={(event) => set('displayName', event.target.value)}
                onBlur={() => touch('displayName')}
              />
              <Field.ErrorText>{shownError('displayName')}</Field.ErrorText>
            </Field.Root>

            <LongTextField
              label="Bio"
              name="bio"
              placeholder="What you stream, your audience, the collabs you enjoy"
              value={values.bio}
              onChange={(bio) => set('bio', bio)}
            />

            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root required invalid={Boolean(shownError('hourlyRate'))}>
                <Field.Label>
                  Hourly rate (USD) <Field.RequiredIndicator />
                </Field.Label>
                <InputGroup startElement="$">
                  <Input
                    name="hourlyRate"
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min={MIN_HOURLY_RATE}
                    value={values.hourlyRate}
                    onChange={(event) => set('hourlyRate', event.target.value)}
                    onBlur={() => touch('hourlyRate')}
                  />
                </InputGroup>
                <Field.ErrorText>{shownError('hourlyRate')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(shownError('minimumHours'))}>
                <Field.Label>
                  Minimum hours <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  name="minimumHours"
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min={MIN_MINIMUM_HOURS}
                  max={MAX_MINIMUM_HOURS}
                  value={values.minimumHours}
                  onChange={(event) => set('minimumHours', event.target.value)}
                  onBlur={() => touch('minimumHours')}
                />
                <Field.ErrorText>{shownError('minimumHours')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>

            <Fieldset.Root invalid={Boolean(shownError('platforms'))}>
              <Fieldset.Legend fontWeight="medium" fontSize="sm">
                Platforms
              </Fieldset.Legend>
              <Fieldset.HelperText>Choose at least one, and give your handle on each.</Fieldset.HelperText>
              <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3" pt="1">
                {PLATFORMS.map((platform) => (
                  <Checkbox.Root
                    key={platform.value}
                    name="platforms"
                    value={platform.value}
                    colorPalette="brand"
                    checked={values.platforms.includes(platform.value)}
                    onCheckedChange={(details) => togglePlatform(platform.value, details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{platform.label}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
              <Fieldset.ErrorText>{shownError('platforms')}</Fieldset.ErrorText>
            </Fieldset.Root>

            {chosenPlatforms.length > 0 && (
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                {chosenPlatforms.map((platform) => (
                  <Field.Root key={platform.value} required invalid={Boolean(shownError(platform.handleField))}>
                    <Field.Label>
                      {platform.handleLabel} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      name={platform.handleField}
                      placeholder={platform.handlePlaceholder}
                      maxLength={100}
                      value={values.handles[platform.handleField]}
                      onChange={(event) => setHandle(platform.handleField, event.target.value)}
                      onBlur={() => touch(platform.handleField)}
                    />
                    <Field.ErrorText>{shownError(platform.handleField)}</Field.ErrorText>
                  </Field.Root>
                ))}
              </SimpleGrid>
            )}

            <Field.Root required>
              <Field.Label>
                Time zone <Field.RequiredIndicator />
              </Field.Label>
              <TimeZoneSelect value={values.timezone} onChange={(zone) => set('timezone', zone)} />
              <Field.HelperText>Your availability and bookings are scheduled in this zone.</Field.HelperText>
            </Field.Root>
          </form>
        </Stack>
      </Dialog.Body>
      <ProfileDialogFooter formId={formId} submitLabel={submitLabel} submitting={submitting} disabled={!valid} />
    </>
  );
}
