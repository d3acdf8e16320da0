/** The people of the demo marketplace (fictional). Hours are local to each creator's time zone. */

export interface DemoCreator {
  key: string;
  displayName: string;
  bio: string;
  hourlyRate: number;
  minimumHours: number;
  timezone: string;
  platforms: ('twitch' | 'youtube' | 'tiktok' | 'instagram')[];
  handles: Partial<Record<'twitchUsername' | 'youtubeHandle' | 'tiktokHandle' | 'instagramHandle', string>>;
  /** Bookable local hours [from, to) on the given weekdays (1 = Monday … 7 = Sunday, luxon). */
  schedule: { weekdays: number[]; from: number; to: number };
  verified?: boolean;
}

const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

export const DEMO_CREATORS: DemoCreator[] = [
  {
    key: 'maya',
    displayName: 'Maya Chen',
    bio: 'Variety streamer from Brooklyn: indie gems, co-op chaos and a very opinionated cat. Great fit for game launches and community nights.',
    hourlyRate: 85,
    minimumHours: 2,
    timezone: 'America/New_York',
    platforms: ['twitch', 'youtube'],
    handles: { twitchUsername: 'mayaplays', youtubeHandle: '@MayaChenPlays' },
    schedule: { weekdays: WEEKDAYS, from: 12, to: 20 },
    verified: true,
  },
  {
    key: 'lukas',
    displayName: 'Lukas Weber',
    bio: 'Grand strategy and city builders, explained calmly. I love deep-dive sponsored playthroughs with a live Q&A at the end.',
    hourlyRate: 60,
    minimumHours: 1,
    timezone: 'Europe/Berlin',
    platforms: ['twitch'],
    handles: { twitchUsername: 'lukas_builds' },
    schedule: { weekdays: WEEKDAYS, from: 9, to: 17 },
  },
  {
    key: 'priya',
    displayName: 'Priya Raman',
    bio: 'Teaching game dev and creative coding on YouTube. Workshops, live code-alongs and honest reviews of dev tools.',
    hourlyRate: 40,
    minimumHours: 1,
    timezone: 'Asia/Kolkata',
    platforms: ['youtube'],
    handles: { youtubeHandle: '@PriyaCodesGames' },
    schedule: { weekdays: WEEKDAYS, from: 10, to: 18 },
    verified: true,
  },
  {
    key: 'jordan',
    displayName: 'Jordan Brooks',
    bio: 'Short-form comedy about gaming life. 60-second sketches that people actually share, plus behind-the-scenes on Instagram.',
    hourlyRate: 120,
    minimumHours: 1,
    timezone: 'America/Los_Angeles',
    platforms: ['tiktok', 'instagram'],
    handles: { tiktokHandle: 'jordanbrooks.lol', instagramHandle: 'jordanbrooks' },
    schedule: { weekdays: WEEKDAYS, from: 10, to: 16 },
  },
  {
    key: 'amelia',
    displayName: 'Amelia Hughes',
    bio: 'Illustrator drawing fan art and character concepts live. Ideal for art contests, new character reveals and creative briefs.',
    hourlyRate: 70,
    minimumHours: 2,
    timezone: 'Europe/London',
    platforms: ['youtube', 'instagram'],
    handles: { youtubeHandle: '@AmeliaDraws', instagramHandle: 'amelia.draws' },
    schedule: { weekdays: [1, 2, 3, 4], from: 13, to: 21 },
  },
  {
    key: 'kenji',
    displayName: 'Kenji Sato',
    bio: 'Fighting-game competitor and commentator. Frame data, tournament prep and hype matches with viewers.',
    hourlyRate: 95,
    minimumHours: 1,
    timezone: 'Asia/Tokyo',
    platforms: ['twitch'],
    handles: { twitchUsername: 'kenji_fgc' },
    schedule: { weekdays: WEEKDAYS, from: 18, to: 22 },
    verified: true,
  },
  {
    key: 'chloe',
    displayName: 'Chloe Nguyen',
    bio: 'Cozy games, farming sims and relaxing builds. A warm, wholesome audience that loves discovering new titles.',
    hourlyRate: 55,
    minimumHours: 1,
    timezone: 'Australia/Sydney',
    platforms: ['tiktok'],
    handles: { tiktokHandle: 'cozywithchloe' },
    schedule: { weekdays: EVERY_DAY, from: 9, to: 13 },
  },
  {
    key: 'diego',
    displayName: 'Diego Alvarez',
    bio: 'Speedrunner chasing world records in retro platformers. Races, routing sessions and community challenges.',
    hourlyRate: 45,
    minimumHours: 1,
    timezone: 'America/Mexico_City',
    platforms: ['twitch', 'tiktok'],
    handles: { twitchUsername: 'diegoruns', tiktokHandle: 'diegoruns' },
    schedule: { weekdays: WEEKDAYS, from: 15, to: 21 },
  },
  {
    key: 'sofia',
    displayName: 'Sofia Rossi',
    bio: 'Cosplay and prop making with foam, resin and a lot of patience. Build-alongs and reveal shoots for game characters.',
    hourlyRate: 65,
    minimumHours: 2,
    timezone: 'Europe/Rome',
    platforms: ['instagram'],
    handles: { instagramHandle: 'sofia.crafts.cosplay' },
    schedule: { weekdays: [2, 3, 4, 5, 6], from: 10, to: 18 },
  },
  {
    key: 'aisha',
    displayName: 'Aisha Bello',
    bio: 'Music producer making game-inspired beats live. Soundtrack remixes, beat battles and audio tutorials.',
    hourlyRate: 50,
    minimumHours: 1,
    timezone: 'Africa/Lagos',
    platforms: ['youtube'],
    handles: { youtubeHandle: '@AishaMakesBeats' },
    schedule: { weekdays: WEEKDAYS, from: 11, to: 19 },
  },
  {
    key: 'noah',
    displayName: 'Noah Andersen',
    bio: 'Former pro, now esports coach. VOD reviews, team workshops and educational streams for competitive shooters.',
    hourlyRate: 150,
    minimumHours: 2,
    timezone: 'Europe/Stockholm',
    platforms: ['twitch', 'youtube'],
    handles: { twitchUsername: 'coachnoah', youtubeHandle: '@CoachNoah' },
    schedule: { weekdays: WEEKDAYS, from: 9, to: 15 },
    verified: true,
  },
  {
    key: 'hana',
    displayName: 'Hana Kim',
    bio: 'Digital artist and animator. Time-lapse reels, live painting and character design for games and anime.',
    hourlyRate: 80,
    minimumHours: 1,
    timezone: 'Asia/Seoul',
    platforms: ['instagram', 'tiktok'],
    handles: { instagramHandle: 'hanakim.art', tiktokHandle: 'hanakim.art' },
    schedule: { weekdays: WEEKDAYS, from: 10, to: 18 },
  },
];

export const DEMO_BRAND = {
  key: 'brand',
  displayName: 'Nimbus Games',
  bio: 'Independent publisher of cozy and competitive games. We partner with creators for launches, playtests and community events.',
};

/** Review texts by star rating; reused round-robin. */
export const REVIEW_COMMENTS: Record<number, string[]> = {
  5: [
    'Fantastic collaboration: well prepared, great energy and the chat loved it.',
    'Exceeded our expectations. Clear communication before and after the stream.',
    'Professional and fun. We will definitely book again for our next launch.',
  ],
  4: [
    'Very good session with solid engagement. Started a few minutes late.',
    'Great content and a friendly audience; the recap could have been shorter.',
  ],
  3: ['Decent stream, but the game got less airtime than we had agreed.'],
};

export const BRAND_REVIEW_COMMENTS = [
  'Clear brief and quick replies. A pleasure to work with.',
  'Well organised brand, keys arrived on time.',
];
