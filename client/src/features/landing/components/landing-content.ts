import { LuCalendarClock, LuSearch, LuShieldCheck, LuStar } from 'react-icons/lu';
import type { IconFeature } from '../../../shared/components/content/IconFeatureCard';

export const LANDING_FEATURES: readonly IconFeature[] = [
  {
    icon: LuSearch,
    title: 'Discover creators',
    description:
      'Search streamers and creators by platform — Twitch, YouTube, TikTok and Instagram — and compare rates at a glance.',
  },
  {
    icon: LuCalendarClock,
    title: 'Book by the hour',
    description:
      'Pick a date and up to eight consecutive hours from the creator’s live availability. No back-and-forth emails.',
    palette: 'accent',
  },
  {
    icon: LuShieldCheck,
    title: 'Secure payments',
    description:
      'Your payment is held until the creator confirms, and released only after both sides mark the collab complete.',
    palette: 'green',
  },
  {
    icon: LuStar,
    title: 'Reviews you can trust',
    description: 'Only people who completed a booking can leave a review, and verified profiles carry a badge.',
    palette: 'orange',
  },
];

