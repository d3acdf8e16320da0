import { Alert, Button } from '@chakra-ui/react';
import { LuShieldCheck } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useAuth } from '../hooks/useAuth';
import { useTwoFactor } from '../hooks/useTwoFactor';

/**
 * Creators without two-step sign-in are asked to turn it on before their first payout: on the
 * payouts card and at the top of the dashboard. Nothing once it is on (or for brands and support).
 */
export function TwoFactorNudge({ context }: { context: 'payouts' | 'dashboard' }) {
  const { user } = useAuth();
  const { status } = useTwoFactor();
  if (!user || user.accountType !== 'CREATOR' || user.role === 'SUPPORT' || !status || status.enabled) return null;
  return (
    <Alert.Root status="warning" rounded="lg" data-testid="two-factor-nudge">
      <Alert.Indicator>
        <LuShieldCheck />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>Protect your payouts with two-step sign-in</Alert.Title>
        <Alert.Description>
          {context === 'payouts'
            ? 'Before your first payout, turn on two-step sign-in: then nobody with your password alone can change where your money goes.'
            : 'Your account receives money. Turn on two-step sign-in before your first payout.'}
        </Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" variant="outline" alignSelf="center">
        <Link to="/settings#two-step">Turn it on</Link>
      </Button>
    </Alert.Root>
  );
}
