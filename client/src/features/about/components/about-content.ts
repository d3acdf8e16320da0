import { LuHandshake, LuHeart, LuScale, LuShieldCheck } from 'react-icons/lu';
import type { IconFeature } from '../../../shared/components/content/IconFeatureCard';

export const STORY_PARAGRAPHS = [
  'CollabHub started in 2023 in a Discord voice channel. Two of us were streamers juggling sponsorship emails, spreadsheets of free evenings and invoices that were paid weeks late; the third was on the other side, trying to find creators for a game launch without knowing who was available or what they charged.',
  'We built the tool we wished we had: creators publish an hourly rate and real availability, brands and fellow creators book the hours they need, and the payment is held safely until the collaboration has happened. No chasing, no guesswork.',
  'Today creators use CollabHub for co-streams, sponsored segments, tutorials, community game nights and everything in between — always within gaming, creativity, education and entertainment.',
];

export const VALUES: readonly IconFeature[] = [
  {
    icon: LuHeart,
    title: 'Creators first',
    description: 'Creators set their own rates, hours and boundaries. Our job is to get them booked and paid on time.',
    palette: 'accent',
  },
  {
    icon: LuShieldCheck,
    title: 'Trust by design',
    description: 'Verified profiles, reviews from real bookings only, and payments held until the work is confirmed.',
    palette: 'green',
  },
  {
    icon: LuScale,
    title: 'Fair and transparent',
    description: 'One clear 10% platform fee on completed paid collaborations. No subscriptions, no hidden charges.',
  },
  {
    icon: LuHandshake,
    title: 'Community over competition',
    description: 'Collaboration grows audiences on both sides. We build for long-term partnerships, not one-off deals.',
    palette: 'orange',
  },
];

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  palette: string;
}

export const TEAM: readonly TeamMember[] = [
  {
    name: 'Mara Lindqvist',
    role: 'Co-founder & CEO',
    bio: 'Former variety streamer with 8 years on Twitch. Spent too many nights negotiating sponsorships by email.',
    palette: 'brand',
  },
  {
    name: 'Jordan Okafor',
    role: 'Co-founder & CTO',
    bio: 'Built payment systems for two marketplaces before CollabHub. Believes booking should take three clicks.',
    palette: 'accent',
  },
  {
    name: 'Tomasz Wieczorek',
    role: 'Head of Creator Success',
    bio: 'Ran influencer programmes for an indie game studio. Now makes sure every creator gets their first booking.',
    palette: 'blue',
  },
];

export const MISSION =
  'Our mission is to make collaboration the easiest way for creators to grow: a fair, safe marketplace where every hour of creative time finds the partner who values it.';
