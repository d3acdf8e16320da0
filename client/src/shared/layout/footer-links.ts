import type { IconType } from 'react-icons';
import { FaDiscord, FaInstagram, FaTiktok, FaTwitter, FaYoutube } from 'react-icons/fa';
import { BRAND } from '../brand';

export const QUICK_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
] as const;

export const SUPPORT_EMAILS = [BRAND.supportEmail, BRAND.helpEmail] as const;

export const SOCIAL_LINKS: readonly { label: string; href: string; icon: IconType }[] = [
  { label: 'Discord', href: 'https://discord.com', icon: FaDiscord },
  { label: 'Instagram', href: 'https://www.instagram.com', icon: FaInstagram },
  { label: 'TikTok', href: 'https://www.tiktok.com', icon: FaTiktok },
  { label: 'Twitter', href: 'https://twitter.com', icon: FaTwitter },
  { label: 'YouTube', href: 'https://www.youtube.com', icon: FaYoutube },
];

export const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-use', label: 'Terms of Use' },
] as const;
