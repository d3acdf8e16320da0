import { Avatar } from '@chakra-ui/react';

/** Spec §2: initials from the first two letters of the display name. */
export function creatorInitials(displayName: string): string {
  return displayName.trim().slice(0, 2).toUpperCase();
}

interface Props {
  displayName: string;
  imageUrl?: string | null;
  size?: Avatar.RootProps['size'];
}

/** The creator's picture, or their initials while it loads or when there is none. */
export function CreatorAvatar({ displayName, imageUrl, size = '2xl' }: Props) {
  return (
    <Avatar.Root size={size} colorPalette="brand" variant="solid" shape="full" flexShrink={0}>
      <Avatar.Fallback aria-label={displayName}>{creatorInitials(displayName)}</Avatar.Fallback>
      {imageUrl && <Avatar.Image src={imageUrl} alt={`${displayName}'s profile picture`} />}
    </Avatar.Root>
  );
}
