import type { Avatar } from '@chakra-ui/react';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';

/** Spec §2: initials from the first two letters of the display name. */
export function creatorInitials(displayName: string): string {
  return displayName.trim().slice(0, 2).toUpperCase();
}

interface Props {
  displayName: string;
  imageUrl?: string | null;
  size?: Avatar.RootProps['size'];
}

/** The creator page's picture: their photo, or the first two letters of their name (spec §2). */
export function CreatorAvatar({ displayName, imageUrl, size = '2xl' }: Props) {
  return <ProfileAvatar name={displayName} src={imageUrl} size={size} letters={creatorInitials(displayName)} />;
}
