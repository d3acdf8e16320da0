import { LuDatabase, LuLock, LuSettings2, LuShare2, LuUserCheck } from 'react-icons/lu';
import { BRAND } from '../../../shared/brand';
import { LAST_UPDATED, type LegalDocumentContent } from './legal-document';

export const PRIVACY_POLICY: LegalDocumentContent = {
  title: 'Privacy Policy',
  lastUpdated: LAST_UPDATED,
  intro:
    'Your privacy matters to us. This policy explains what information CollabHub collects, how we use it, and the choices you have.',
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      icon: LuDatabase,
      paragraphs: ['We collect the information you give us and the information generated when you use CollabHub:'],
      bullets: [
        'Account information: your email address, password (stored only in hashed form) and account type.',
        'Profile information: display name, bio, hourly rate, platforms and social handles you choose to publish.',
        'Booking information: availability, booking times, messages attached to bookings, reviews and disputes.',
        'Payment information: processed by our payment provider; we never store full card numbers.',
        'Usage information: device and browser type, pages visited and basic diagnostic logs.',
      ],
    },
    {
      id: 'how-we-use',
      title: 'How We Use Your Information',
      icon: LuSettings2,
      bullets: [
        'To create and secure your account and keep you signed in.',
        'To show your public profile and availability to people who want to book you.',
        'To process bookings, hold payments and release payouts.',
        'To send service messages about bookings, payments and account security.',
        'To prevent fraud, enforce our Terms of Use and mediate disputes.',
        'To understand how the product is used and improve it.',
      ],
    },
    {
      id: 'information-sharing',
      title: 'Information Sharing',
      icon: LuShare2,
      paragraphs: [
        'We do not sell your personal information. We share it only when needed to run the service: with the other party of a booking (for example your display name and the booking details), with our payment provider to process payments and payouts, with service providers who host and support the platform under confidentiality obligations, and when required by law.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      icon: LuUserCheck,
      paragraphs: ['Depending on where you live, you have the right to:'],
      bullets: [
        'Access the personal information we hold about you.',
        'Correct information that is inaccurate or incomplete.',
        'Delete your account and the information attached to it.',
        'Object to or restrict certain processing, and receive a portable copy of your data.',
      ],
    },
    {
      id: 'data-security',
      title: 'Data Security',
      icon: LuLock,
      paragraphs: [
        'We protect your information with encryption in transit, hashed passwords, short-lived access tokens and strict access controls. Payment details are handled by a PCI-compliant payment provider. No system is perfectly secure, so please use a strong, unique password and tell us right away if you suspect unauthorised access.',
      ],
    },
  ],
  contact: {
    title: 'Questions about your privacy?',
    text: 'Contact our privacy team and we will respond within 30 days.',
    email: BRAND.privacyEmail,
  },
};
