import { Button, Field, Input, Separator, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useBillingDetailsQuery, useUpdateBillingDetailsMutation } from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { LedgerExportButton } from '../../documents/components/LedgerExportButton';
import { SettingsSection } from './SettingsSection';

/** Billing details printed on the invoices issued from now on (issued ones never change), and the ledger export. */
export function BillingSection() {
  const { data } = useBillingDetailsQuery({ fetchPolicy: 'cache-and-network' });
  const [save, { loading, error }] = useUpdateBillingDetailsMutation();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [taxId, setTaxId] = useState('');
  const saved = data?.billingDetails;
  useEffect(() => {
    if (!saved) return;
    setName(saved.name);
    setAddress(saved.address);
    setTaxId(saved.taxId ?? '');
  }, [saved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ variables: { input: { name, address, taxId: taxId.trim() || null } } });
      toast.success('Billing details saved', 'Invoices issued from now on carry them.');
    } catch {
      // shown below
    }
  };

  return (
    <SettingsSection id="billing" title="Billing" description="The name, address and VAT / tax id on your invoices, and an export of your money for bookkeeping.">
      <Stack gap="5">
        <Stack as="form" gap="3" onSubmit={submit} aria-label="Billing details">
          <Field.Root required>
            <Field.Label>Billing name</Field.Label>
            <Input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Address</Field.Label>
            <Textarea value={address} rows={3} maxLength={1000} onChange={(e) => setAddress(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>VAT / tax id (optional)</Field.Label>
            <Input value={taxId} maxLength={50} onChange={(e) => setTaxId(e.target.value)} />
          </Field.Root>
          {error && <FormError message={errorMessage(error, 'Could not save the billing details')} />}
          <Button type="submit" size="sm" alignSelf="flex-start" loading={loading} disabled={!name.trim() || !address.trim()}>
            Save billing details
          </Button>
        </Stack>
        <Separator />
        <LedgerExportButton />
      </Stack>
    </SettingsSection>
  );
}
