/** The four connect states of spec §4 "Connect status display". */
export type ConnectState = 'NOT_CONNECTED' | 'SETUP_INCOMPLETE' | 'PARTIALLY_CONNECTED' | 'FULLY_CONNECTED';

export interface ConnectFlags {
  connected: boolean;
  onboardingComplete: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface ConnectStateView {
  state: ConnectState;
  label: string;
  /** Chakra colour palette of the badge. */
  palette: 'gray' | 'orange' | 'yellow' | 'green';
  /** The onboarding button's label, or null when no onboarding is left to do. */
  action: 'Connect' | 'Complete Setup' | null;
  description: string;
}

/** Which of the four states a connected account is in (null flags = no account yet). */
export function connectStateOf(flags: ConnectFlags | null | undefined): ConnectState {
  if (!flags?.connected) return 'NOT_CONNECTED';
  if (!flags.onboardingComplete) return 'SETUP_INCOMPLETE';
  if (!flags.chargesEnabled || !flags.payoutsEnabled) return 'PARTIALLY_CONNECTED';
  return 'FULLY_CONNECTED';
}

const VIEWS: Record<ConnectState, Omit<ConnectStateView, 'state'>> = {
  NOT_CONNECTED: {
    label: 'Not Connected',
    palette: 'gray',
    action: 'Connect',
    description: 'Connect a payout account to get paid for your collaborations.',
  },
  SETUP_INCOMPLETE: {
    label: 'Setup Incomplete',
    palette: 'orange',
    action: 'Complete Setup',
    description: 'Your account exists, but onboarding is not finished yet.',
  },
  PARTIALLY_CONNECTED: {
    label: 'Partially Connected',
    palette: 'yellow',
    action: null,
    description: 'Onboarding is complete, but charges or payouts are not enabled yet.',
  },
  FULLY_CONNECTED: {
    label: 'Fully Connected',
    palette: 'green',
    action: null,
    description: 'You are all set: charges and payouts are enabled.',
  },
};

export function connectStateView(flags: ConnectFlags | null | undefined): ConnectStateView {
  const state = connectStateOf(flags);
  return { state, ...VIEWS[state] };
}
