import { Badge, Button, Flex, HStack, Icon, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCircleCheck, LuCircleX, LuCreditCard, LuExternalLink, LuRefreshCw, LuWallet } from 'react-icons/lu';
import { useConnectStatusQuery } from '../../../gql/graphql';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { formatCentsShort } from '../../../shared/lib/money';
import { TEST_FUNDS_CENTS, useAddTestFunds } from '../hooks/useAddTestFunds';
import { useStartConnectOnboarding } from '../hooks/useStartConnectOnboarding';
import { connectStateView } from '../lib/connect-status';
import { FreshCodeField } from '../../auth/components/FreshCodeField';
import { TwoFactorNudge } from '../../auth/components/TwoFactorNudge';
import { READ_AGAIN_ON_CHANGE } from '../../../shared/lib/read-again';

function Flag({ label, enabled }: { label: string; enabled: boolean }) {
  return (
    <HStack gap="1.5" textStyle="sm">
      <Icon as={enabled ? LuCircleCheck : LuCircleX} color={enabled ? 'green.solid' : 'fg.subtle'} aria-hidden />
      <Text>
        {label}: <strong>{enabled ? 'Enabled' : 'Disabled'}</strong>
      </Text>
    </HStack>
  );
}

/** Spec §2 "Payment-provider connect card": status, charges/payouts, onboarding, refresh and test funds. */
export function ConnectCard() {
  const { data, loading, error, refetch, networkStatus } = useConnectStatusQuery({
    fetchPolicy: 'cache-and-network',
    ...READ_AGAIN_ON_CHANGE,
    notifyOnNetworkStatusChange: true,
  });
  const { startOnboarding, starting } = useStartConnectOnboarding();
  const { addTestFunds, adding } = useAddTestFunds();
  const status = data?.connectStatus;
  const view = connectStateView(status);
  const refreshing = networkStatus === 4;
  const [code, setCode] = useState('');

  // Coming back from the onboarding tab: read the status again.
  useEffect(() => {
    const onFocus = () => void refetch().catch(() => undefined);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  return (
    <PanelCard icon={LuCreditCard} title="Payouts" description="Connect a Stripe account to receive your earnings.">
      <Stack gap="4">
        {loading && !status ? (
          <Skeleton h="20" />
        ) : (
          <Stack gap="3">
            <Flex align="center" gap="2" wrap="wrap">
              <Text textStyle="sm" fontWeight="medium">
                Status
              </Text>
              <Badge colorPalette={view.palette} variant="surface" size="md">
                {view.label}
              </Badge>
            </Flex>
            <Text textStyle="sm" color="fg.muted">
              {view.description}
            </Text>
            <Flex gap="4" wrap="wrap">
              <Flag label="Charges" enabled={Boolean(status?.chargesEnabled)} />
              <Flag label="Payouts" enabled={Boolean(status?.payoutsEnabled)} />
            </Flex>
          </Stack>
        )}
        {error && <FormError message={errorMessage(error, 'Failed to load the payout account status')} />}
        <TwoFactorNudge context="payouts" />
        {view.action && <FreshCodeField value={code} onChange={setCode} />}
        <Flex gap="2" wrap="wrap">
          {view.action && (
            <Button onClick={() => void startOnboarding(code).then(() => setCode(''))} loading={starting} loadingText="Opening...">
              <LuExternalLink aria-hidden />
              {view.action}
            </Button>
          )}
          <Button
            variant="outline"
            onClick={() => void refetch().catch(() => undefined)}
            loading={refreshing}
            loadingText="Refreshing..."
          >
            <LuRefreshCw aria-hidden />
            Refresh Status
          </Button>
        </Flex>
        <Separator />
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0">
            <Text textStyle="sm" fontWeight="medium">
              Test funds
            </Text>
            <Text textStyle="xs" color="fg.muted">
              Test mode: top up the platform balance used for payouts.
            </Text>
          </Stack>
          <Button
            variant="subtle"
            colorPalette="accent"
            onClick={() => void addTestFunds()}
            loading={adding}
            aria-label={`Add ${formatCentsShort(TEST_FUNDS_CENTS)} test funds`}
          >
            <LuWallet aria-hidden />
            {formatCentsShort(TEST_FUNDS_CENTS)}
          </Button>
        </Flex>
      </Stack>
    </PanelCard>
  );
}
