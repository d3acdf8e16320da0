import { Avatar } from '@chakra-ui/react';
import { initials } from '../lib/initials';

interface Props {
  /** The profile's display name: the initials shown while the picture loads or when there is none. */
  name: string;
  /** The uploaded photo or logo (`avatarUrl(size)`), or null. */
  src?: string | null;
  size?: Avatar.RootProps['size'];
  /** Beside the name already written out: the picture says nothing more to a screen reader. */
  decorative?: boolean;
  colorPalette?: string;
  /** The letters shown without a picture (default: `initials(name)`). */
  letters?: string;
}

/** A person's or brand's picture, one everywhere: the uploaded photo or logo, else their initials in a circle. */
export function ProfileAvatar({ name, src, size = 'md', decorative = false, colorPalette = 'brand', letters }: Props) {
  return (
    <Avatar.Root size={size} colorPalette={colorPalette} variant="solid" shape="full" flexShrink={0}>
      <Avatar.Fallback aria-label={decorative ? undefined : name} aria-hidden={decorative || undefined}>
        {letters ?? initials(name)}
      </Avatar.Fallback>
      {src && <Avatar.Image src={src} alt={decorative ? '' : `${name}'s picture`} />}
    </Avatar.Root>
  );
}
