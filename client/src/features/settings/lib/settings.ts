/** The page's sections, in order; each is a `/settings#<id>` link target (the e-mail footer links #notifications). */
export const SETTINGS_SECTIONS = [
  { id: 'notifications', label: 'Notifications' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'email', label: 'E-mail' },
  { id: 'account', label: 'Account' },
  { id: 'two-step', label: 'Two-step sign-in' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'activity', label: 'Account activity' },
] as const;

export const SETTINGS_MESSAGES = {
  preferenceSaved: (label: string, on: boolean) => `${label} e-mails ${on ? 'on' : 'off'}`,
  preferenceFailed: 'Could not save the e-mail setting',
  lockedWhy: 'Always sent: these e-mails are about your money or a dispute, so they cannot be turned off.',
  feedRegenerated: 'New calendar URL ready',
  feedRegenerateFailed: 'Could not make a new calendar URL',
  freeHoursSaved: (on: boolean) => (on ? 'Free hours now appear in your calendar feed' : 'Free hours removed from your calendar feed'),
  freeHoursFailed: 'Could not change the calendar feed',
  passwordChanged: 'Password changed',
  passwordChangedDetail: 'Other devices were signed out.',
  passwordChangeFailed: 'Could not change the password',
  currentPasswordRequired: 'Enter your current password.',
  signOutEverywhereFailed: 'Could not sign out everywhere',
  twoFactorSetupFailed: 'Could not start two-step sign-in',
  twoFactorEnabled: 'Two-step sign-in is on',
  twoFactorEnabledDetail: 'Save your recovery codes now: they are shown only once.',
  twoFactorDisabled: 'Two-step sign-in is off',
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app.',
  sessionRevoked: 'Signed out that session',
  sessionRevokeFailed: 'Could not sign out that session',
  activityFailed: 'Could not load your account activity',
  activityEmpty: 'Support has not changed anything on your account.',
} as const;
