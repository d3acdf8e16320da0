import { LuBriefcase, LuVideo } from 'react-icons/lu';
import type { IconType } from 'react-icons';
import type { AccountType } from '../../../gql/graphql';
import type { PendingAccountType } from './token-storage';

export interface AccountTypeOption {
  value: AccountType;
  /** The value kept in browser storage as `pendingAccountType`. */
  pending: PendingAccountType;
  title: string;
  badge: string;
  description: string;
  icon: IconType;
  palette: string;
  features: readonly string[];
}

export const ACCOUNT_TYPE_OPTIONS: readonly AccountTypeOption[] = [
  {
    value: 'CREATOR',
    pending: 'creator',
    title: 'Creator Account',
    badge: 'Most Popular',
    description: 'For streamers and content creators who want to get booked.',
    icon: LuVideo,
    palette: 'brand',
    features: [
      'Set your own hourly rate and minimum hours',
      'Publish weekly or one-time availability',
      'Get paid securely after each collab',
      'Build your reputation with reviews',
    ],
  },
  {
    value: 'BRAND',
    pending: 'brand',
    title: 'Brand Account',
    badge: 'Business',
    description: 'For brands and teams looking for creators to collaborate with.',
    icon: LuBriefcase,
    palette: 'accent',
    features: [
      'Search creators by platform',
      'Book hourly collaboration slots',
      'Payment held until the collab is confirmed',
      'Get verified as a brand',
    ],
  },
];

export const accountTypeOption = (value: AccountType) =>
  ACCOUNT_TYPE_OPTIONS.find((option) => option.value === value) ?? ACCOUNT_TYPE_OPTIONS[0]!;
