import { Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import type { CardDetails } from '../hooks/useConfirmLocalPayment';
import { formatCardNumber, formatCvc, formatExpiry } from '../lib/card-input';

interface Props {
  value: CardDetails;
  onChange: (value: CardDetails) => void;
}

/** The local provider's card form: number, expiry MM/YY, CVC and the name on the card. */
export function LocalCardFields({ value, onChange }: Props) {
  const set = (patch: Partial<CardDetails>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="4">
      <Field.Root required>
        <Field.Label>Card number</Field.Label>
        <Input
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={value.number}
          onChange={(event) => set({ number: formatCardNumber(event.target.value) })}
        />
      </Field.Root>
      <Grid templateColumns="1fr 1fr" gap="4">
        <Field.Root required>
          <Field.Label>Expiry (MM/YY)</Field.Label>
          <Input
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={value.expiry}
            onChange={(event) => set({ expiry: formatExpiry(event.target.value, value.expiry) })}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>CVC</Field.Label>
          <Input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={value.cvc}
            onChange={(event) => set({ cvc: formatCvc(event.target.value) })}
          />
        </Field.Root>
      </Grid>
      <Field.Root>
        <Field.Label>Name on card</Field.Label>
        <Input
          name="ccname"
          autoComplete="cc-name"
          placeholder="Full name"
          value={value.name}
          onChange={(event) => set({ name: event.target.value })}
        />
      </Field.Root>
      <Text textStyle="xs" color="fg.muted">
        Test mode: use 4242 4242 4242 4242 with any future date and any CVC. 4000 0000 0000 0002 is declined.
      </Text>
    </Stack>
  );
}
