import type { Platform } from '../../gql/graphql';

/** The handle fields of a profile, one per platform. */
export type PlatformHandleField = 'twitchUsername' | 'youtubeHandle' | 'tiktokHandle' | 'instagramHandle';

export interface PlatformInfo {
  value: Platform;
  /** How the spec writes it on badges: twitch, youtube, tiktok, instagram. */
  name: string;
  label: string;
  handleField: PlatformHandleField;
  handleLabel: string;
  handlePlaceholder: string;
  /** Chakra colour palette of its badge. */
  palette: string;
}

/** The four platforms of spec §9, in the spec's order. */
export const PLATFORMS: readonly PlatformInfo[] = [
  {
    value: 'TWITCH',
    name: 'twitch',
    label: 'Twitch',
    handleField: 'twitchUsername',
    handleLabel: 'Twitch username',
    handlePlaceholder: 'your_twitch_name',
    palette: 'purple',
  },
  {
    value: 'YOUTUBE',
    name: 'youtube',
    label: 'YouTube',
    handleField: 'youtubeHandle',
    handleLabel: 'YouTube handle',
    handlePlaceholder: '@yourchannel',
    palette: 'red',
  },
  {
    value: 'TIKTOK',
    name: 'tiktok',
    label: 'TikTok',
    handleField: 'tiktokHandle',
    handleLabel: 'TikTok handle',
    handlePlaceholder: '@yourtiktok',
    palette: 'gray',
  },
  {
    value: 'INSTAGRAM',
    name: 'instagram',
    label: 'Instagram',
    handleField: 'instagramHandle',
    handleLabel: 'Instagram handle',
    handlePlaceholder: '@yourinstagram',
    palette: 'pink',
  },
];

export function platformInfo(value: Platform): PlatformInfo {
  return PLATFORMS.find((platform) => platform.value === value) ?? PLATFORMS[0]!;
}

/** The given platforms in the spec's order (twitch, youtube, tiktok, instagram). */
export function sortPlatforms(values: readonly Platform[]): Platform[] {
  return PLATFORMS.map((p) => p.value).filter((value) => values.includes(value));
}

const bare = (handle: string) => handle.trim().replace(/^@+/, '');

/** The public page of a handle on its platform (what a brand opens to check the channel it pays for). */
export function platformUrl(platform: Platform, handle: string): string {
  const name = encodeURIComponent(bare(handle));
  switch (platform) {
    case 'TWITCH':
      return `https://www.twitch.tv/${name}`;
    case 'YOUTUBE':
      return `https://www.youtube.com/@${name}`;
    case 'TIKTOK':
      return `https://www.tiktok.com/@${name}`;
    case 'INSTAGRAM':
      return `https://www.instagram.com/${name}/`;
  }
}

/** How a handle is written on screen: Twitch names bare, the others with their @. */
export function handleLabel(platform: Platform, handle: string): string {
  return platform === 'TWITCH' ? bare(handle) : `@${bare(handle)}`;
}
