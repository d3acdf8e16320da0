import { Button, Code, Fieldset, Flex, HStack, Icon, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { LuInfo, LuShieldCheck } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../../shared/components/FormError';
import { formatCents } from '../../../shared/lib/money';
import { RouterLink } from '../../../shared/components/RouterLink';
import { toast } from '../../../shared/toast';
import { useAbandonCheckout } from '../hooks/useAbandonCheckout';
import { usePaymentSubmit } from '../hooks/usePaymentSubmit';
import { CHECKOUT_PAGE_MESSAGES, type PaymentAttempt } from '../lib/payment-attempt';

interface Props {
  bookingId: string;
  paymentIntentId: string;
  /** Shown on the pay button ("Complete Payment · $120.00") once known. */
  totalCents?: number;
  /** The card fields of the provider in use. */
  fields: ReactNode;
  /** False until the provider's form can take a card. */
  ready?: boolean;
  /** Confirms the card with the provider. */
  confirm: () => Promise<PaymentAttempt>;
}

/** Spec §9: the checkout page's tooltips open after 300 ms and close after 100 ms. */
const TOOLTIP_DELAYS = { openDelay: 300, closeDelay: 100 };

/**
 * Spec §2 "Checkout page": the card fields, Complete Payment ("Processing Payment..." while the
 * buttons are disabled), Cancel, the terms text, the held-payment note and the booking id.
 */
export function CheckoutForm({ bookingId, paymentIntentId, totalCents, fields, ready = true, confirm }: Props) {
  const navigate = useNavigate();
  const { submit, processing, message } = usePaymentSubmit({ bookingId, paymentIntentId });
  const { abandon, abandoning } = useAbandonCheckout();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(confirm);
  };

  const cancel = async () => {
    await abandon(bookingId);
    toast.info(CHECKOUT_PAGE_MESSAGES.cancelled);
    navigate('/dashboard');
  };

  return (
    <Stack as="form" gap="5" onSubmit={handleSubmit} aria-label="Card payment">
      <Fieldset.Root disabled={processing} minW="0">
        <Fieldset.Legend srOnly>Card details</Fieldset.Legend>
        <Fieldset.Content mt="0">{fields}</Fieldset.Content>
      </Fieldset.Root>

      <FormError message={message} />

      <Flex gap="3" direction={{ base: 'column-reverse', sm: 'row' }}>
        <Button
          type="button"
          variant="outline"
          size="lg"
          flex={{ sm: '1' }}
          disabled={processing}
          loading={abandoning}
          onClick={() => void cancel()}
        >
          Cancel
        </Button>
        <Button
          type="submit"
          size="lg"
          flex={{ sm: '2' }}
          disabled={processing || abandoning || !ready}
          loading={processing}
          loadingText="Processing Payment..."
          bgGradient="to-r"
          gradientFrom="brand.solid"
          gradientTo="accent.solid"
          color="white"
        >
          {totalCents === undefined ? 'Complete Payment' : `Complete Payment · ${formatCents(totalCents)}`}
        </Button>
      </Flex>

      <Stack gap="3" textStyle="sm" color="fg.muted">
        <HStack gap="2" align="flex-start">
          <Icon as={LuShieldCheck} boxSize="4" mt="0.5" color="green.fg" aria-hidden />
          <Text flex="1">Your payment is held securely and only charged when the creator accepts your booking.</Text>
          <Tooltip.Root {...TOOLTIP_DELAYS}>
            <Tooltip.Trigger asChild>
              <Button variant="ghost" size="2xs" aria-label="How the payment hold works" px="0">
                <LuInfo />
              </Button>
            </Tooltip.Trigger>
            <Portal>
              <Tooltip.Positioner>
                <Tooltip.Content maxW="xs">
                  The card is authorized now. If the creator declines or does not answer in time, the hold is released
                  and you are not charged.
                </Tooltip.Content>
              </Tooltip.Positioner>
            </Portal>
          </Tooltip.Root>
        </HStack>
        <Text>
          By completing this payment you agree to our <RouterLink to="/terms-of-use">Terms of Use</RouterLink> and{' '}
          <RouterLink to="/privacy-policy">Privacy Policy</RouterLink>.
        </Text>
        <Text textStyle="xs" wordBreak="break-all">
          Booking reference: <Code size="xs">{bookingId}</Code>
        </Text>
      </Stack>
    </Stack>
  );
}
