import { LuBan, LuCopyright, LuCreditCard, LuFilePen, LuLayoutGrid, LuServer, LuUserCog } from 'react-icons/lu';
import { BRAND } from '../../../shared/brand';
import { LAST_UPDATED, type LegalDocumentContent } from './legal-document';

export const TERMS_OF_USE: LegalDocumentContent = {
  title: 'Terms of Use',
  lastUpdated: LAST_UPDATED,
  intro:
    'These terms govern your use of CollabHub. By creating an account or booking a collaboration you agree to them, so please read them carefully.',
  sections: [
    {
      id: 'user-accounts',
      title: 'User Accounts & Responsibilities',
      icon: LuUserCog,
      bullets: [
        'You must be at least 18 years old to create an account.',
        'Provide accurate information and keep your profile up to date.',
        'Keep your password confidential; you are responsible for all activity on your account.',
        'Creators are responsible for honouring the availability and bookings they accept.',
      ],
    },
    {
      id: 'platform-usage',
      title: 'Platform Usage',
      icon: LuLayoutGrid,
      paragraphs: [
        'CollabHub connects creators with brands and other users for paid collaborations on platforms such as Twitch, YouTube, TikTok, Instagram, Instagram Live and Facebook Gaming. Collaborations must stay within gaming, creativity, education or entertainment, and must follow the rules of the platform where they take place.',
      ],
    },
    {
      id: 'payments',
      title: 'Payments & Transactions',
      icon: LuCreditCard,
      bullets: [
        'Payments are authorised at checkout and held until the streamer confirms the booking.',
        'CollabHub charges a 10% platform fee on successful paid collaborations.',
        'Cancellations up to 24 hours before the slot are fully refunded; later cancellations may incur fees.',
        'Streamers are paid 2-3 business days after both parties mark the collaboration as completed.',
        'A streamer no-show results in an automatic full refund; repeated no-shows lead to suspension.',
        'Payment disputes can be reported within 30 days.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      icon: LuCopyright,
      paragraphs: [
        'You keep ownership of the content you create and publish. By posting profile content you grant CollabHub a limited licence to display it on the platform. Rights in content produced during a collaboration are agreed between the parties. The CollabHub name, logo and software belong to CollabHub.',
      ],
    },
    {
      id: 'service-availability',
      title: 'Service Availability & Limitations',
      icon: LuServer,
      paragraphs: [
        'We aim for 99.9% uptime but cannot guarantee uninterrupted service, and maintenance may occasionally limit access. CollabHub is a marketplace and is not a party to the creative agreement between users. To the extent permitted by law, our liability is limited to the amounts you paid to CollabHub in the 12 months before the claim.',
      ],
    },
    {
      id: 'prohibited-activities',
      title: 'Prohibited Activities',
      icon: LuBan,
      bullets: [
        'Harassment, hate speech or content outside gaming, creativity, education or entertainment.',
        'Arranging payment outside the platform to avoid fees or buyer protection.',
        'Fake reviews, impersonation or misleading profiles.',
        'Fraud, chargeback abuse or attempts to compromise the platform’s security.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      icon: LuFilePen,
      paragraphs: [
        'We may update these terms as the product evolves. When we make material changes we will notify you by email or in the app before they take effect. Continuing to use CollabHub after that means you accept the updated terms.',
      ],
    },
  ],
  contact: {
    title: 'Questions about these terms?',
    text: 'Our legal team is happy to clarify anything in these terms.',
    email: BRAND.legalEmail,
  },
};
