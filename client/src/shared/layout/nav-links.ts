export interface NavLinkItem {
  to: string;
  label: string;
}

/** The main navigation (spec §2 "Shared layout and navigation"). */
export const MAIN_NAV: readonly NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/creators', label: 'Creators' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
];
