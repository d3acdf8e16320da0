import { LuCalendarCheck, LuCreditCard, LuRocket, LuShieldCheck } from 'react-icons/lu';
import type { IconType } from 'react-icons';

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqGroupContent {
  id: string;
  title: string;
  icon: IconType;
  palette: string;
  entries: readonly FaqEntry[];
}

export const FAQ_GROUPS: readonly FaqGroupContent[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    icon: LuRocket,
    palette: 'brand',
    entries: [
      {
        question: 'What is CollabHub?',
        answer:
          'CollabHub is a marketplace where streamers and content creators sell collaboration time by the hour, and brands or other creators book and pay for it. Think co-streams, sponsored segments, tutorials and community events.',
      },
      {
        question: 'How do I create an account?',
        answer:
          'Click Get Started, choose a Creator Account or a Brand Account, and sign up with your email and a password. You must be at least 18 years old to use CollabHub.',
      },
      {
        question: 'What is the difference between a Creator and a Brand account?',
        answer:
          'Creators publish a profile with an hourly rate, a minimum number of hours, their platforms and their availability, then get booked and paid. Brands search creators by platform, book time slots and pay through a secure checkout. Any signed-in user can book a creator.',
      },
      {
        question: 'Which platforms and content are supported?',
        answer:
          'Creators can list Twitch, YouTube, TikTok and Instagram, and collaborations also run on Facebook Gaming and Instagram Live. Content must stay within gaming, creativity, education or entertainment.',
      },
    ],
  },
  {
    id: 'bookings',
    title: 'Bookings & Collaborations',
    icon: LuCalendarCheck,
    palette: 'accent',
    entries: [
      {
        question: 'How does booking a creator work?',
        answer:
          'Open a creator’s profile, pick a date and between 1 and 8 consecutive hours from their free slots, then pay through the secure checkout. Your payment is authorised and held until the creator confirms.',
      },
      {
        question: 'Can a streamer accept or discuss a booking before it is confirmed?',
        answer:
          'Yes. A streamer can accept a booking request or discuss the details with you before the booking is confirmed, so both sides agree on the plan.',
      },
      {
        question: 'How do streamers set their availability?',
        answer:
          'Streamers set availability with recurring weekly schedules (for example, weekdays from 09:00 to 17:00) or with one-time slots for specific days. Availability is offered in one-hour slots.',
      },
      {
        question: 'What happens after the collaboration?',
        answer:
          'Both parties confirm that the session was completed. Once it is complete, either side can leave a review, and the creator’s payout is released.',
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments & Pricing',
    icon: LuCreditCard,
    palette: 'green',
    entries: [
      {
        question: 'How much does a collaboration cost?',
        answer:
          'Creators set their own hourly rate. The total is the hourly rate multiplied by the number of hours you book. Prices are shown in US dollars, and other currencies are converted automatically.',
      },
      {
        question: 'What fees does CollabHub charge?',
        answer:
          'Joining is free. CollabHub charges a 10% platform fee on successful paid collaborations only — there are no subscriptions and no hidden charges.',
      },
      {
        question: 'When is my card charged?',
        answer:
          'Your payment is authorised at checkout and held until the streamer confirms the booking. Nothing is released to the creator until the collaboration has taken place.',
      },
      {
        question: 'What is the cancellation policy?',
        answer:
          'You can cancel with a full refund up to 24 hours before the booked slot. Later cancellations may incur fees, and the booking shows "(fee applies)" before you confirm.',
      },
      {
        question: 'When do creators get paid?',
        answer:
          'Creators are paid 2-3 business days after both parties mark the collaboration as successfully completed, straight to their connected payout account.',
      },
    ],
  },
  {
    id: 'safety',
    title: 'Safety & Trust',
    icon: LuShieldCheck,
    palette: 'orange',
    entries: [
      {
        question: 'How are profiles verified?',
        answer:
          'Profiles are verified through email verification, social account linking, platform verification and a manual review by our team. Verified profiles display a badge.',
      },
      {
        question: 'Who can leave reviews?',
        answer:
          'Only users with a completed booking can leave a review, with a rating from 1 to 5 stars and an optional comment. That keeps every review tied to a real collaboration.',
      },
      {
        question: 'What if a streamer does not show up?',
        answer:
          'A streamer no-show means an automatic full refund for you, and the streamer is flagged. Repeated no-shows lead to suspension from the platform.',
      },
      {
        question: 'How do I report a problem with a payment?',
        answer:
          'Open a dispute from the booking in your dashboard, or contact support. Payment disputes can be reported within 30 days, and our support team mediates between both parties.',
      },
    ],
  },
];
