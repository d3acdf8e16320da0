/** Product-wide names, addresses and links shown in several places. */
export const BRAND = {
  name: 'CollabHub',
  tagline: 'Connect, collaborate, create',
  footerLine: 'Connecting streamers worldwide to create meaningful collaborations and grow together.',
  hashtag: '#ConnectCollaborateCreate',
  supportEmail: 'support@collabhub.example',
  helpEmail: 'help@collabhub.example',
  privacyEmail: 'privacy@collabhub.example',
  legalEmail: 'legal@collabhub.example',
} as const;
