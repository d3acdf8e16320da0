import { Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { isBrandFormValid, type BrandFormValues } from '../lib/brand-form';
import { ProfileDialogFooter } from './ProfileDialogFooter';
import { LongTextField } from './LongTextField';

interface Props {
  initialValues: BrandFormValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: BrandFormValues) => void;
}

/** The brand profile form (spec §2 "Profile dialogs"): brand name (required) and about text. */
export function BrandProfileForm({ initialValues, submitLabel, submitting, onSubmit }: Props) {
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [nameTouched, setNameTouched] = useState(false);
  const valid = isBrandFormValid(values);
  const nameMissing = nameTouched && values.brandName.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !submitting) onSubmit(values);
  };

  return (
    <>
      <Dialog.Body>
        <Stack asChild gap="5">
          <form id={formId} onSubmit={submit} noValidate aria-label="Brand profile">
            <Field.Root required invalid={nameMissing}>
              <Field.Label>
                Brand name <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="brandName"
                autoComplete="organization"
                placeholder="Your company or brand"
                maxLength={100}
                value={values.brandName}
                onChange={(event) => setValues((current) => ({ ...current, brandName: event.target.value }))}
                onBlur={() => setNameTouched(true)}
              />
              <Field.ErrorText>Brand name is required</Field.ErrorText>
            </Field.Root>
            <LongTextField
              label="About"
              name="about"
              rows={5}
              placeholder="What your brand does and the collaborations you are looking for"
              value={values.about}
              onChange={(about) => setValues((current) => ({ ...current, about }))}
            />
          </form>
        </Stack>
      </Dialog.Body>
      <ProfileDialogFooter formId={formId} submitLabel={submitLabel} submitting={submitting} disabled={!valid} />
    </>
  );
}
