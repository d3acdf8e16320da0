import { LuClock, LuLifeBuoy, LuMail, LuMapPin, LuMessageCircle, LuZap } from 'react-icons/lu';
import type { IconType } from 'react-icons';
import { BRAND } from '../../../shared/brand';

export interface ContactDetail {
  icon: IconType;
  label: string;
  value: string;
  href?: string;
}

export const CONTACT_DETAILS: readonly ContactDetail[] = [
  { icon: LuMail, label: 'Email', value: BRAND.supportEmail, href: `mailto:${BRAND.supportEmail}` },
  { icon: LuLifeBuoy, label: 'Help desk', value: BRAND.helpEmail, href: `mailto:${BRAND.helpEmail}` },
  { icon: LuMapPin, label: 'Office', value: 'Remote-first · 500 Market Street, San Francisco, CA' },
];

export interface ResponseTime {
  icon: IconType;
  label: string;
  time: string;
  palette: string;
}

/** Spec §9: general 24 h, technical 4 h, urgent 1 h. */
export const RESPONSE_TIMES: readonly ResponseTime[] = [
  { icon: LuMessageCircle, label: 'General inquiries', time: 'Within 24 hours', palette: 'brand' },
  { icon: LuClock, label: 'Technical support', time: 'Within 4 hours', palette: 'orange' },
  { icon: LuZap, label: 'Urgent issues', time: 'Within 1 hour', palette: 'red' },
];
