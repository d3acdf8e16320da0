import { Box, Icon, type BoxProps } from '@chakra-ui/react';
import type { IconType } from 'react-icons';

/** A rounded tile holding an icon, tinted with the current colour palette. */
export function IconBadge({ icon, ...rest }: { icon: IconType } & BoxProps) {
  return (
    <Box
      display="inline-grid"
      placeItems="center"
      boxSize="12"
      rounded="xl"
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      flexShrink={0}
      {...rest}
    >
      <Icon as={icon} boxSize="6" aria-hidden />
    </Box>
  );
}
