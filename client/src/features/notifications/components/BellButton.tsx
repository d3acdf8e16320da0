import { Box, Float, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { LuBell } from 'react-icons/lu';

/** "3 unread notifications" / "Notifications". */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications';
  return `Notifications, ${unread} unread`;
}

/** The bell of the navigation bar with its unread count (hidden at 0, "99+" above 99). */
export const BellButton = forwardRef<HTMLButtonElement, { unread: number } & Omit<IconButtonProps, 'aria-label'>>(
  function BellButton({ unread, ...props }, ref) {
    return (
      <IconButton ref={ref} variant="ghost" size="sm" aria-label={bellLabel(unread)} position="relative" {...props}>
        <LuBell aria-hidden />
        {unread > 0 && (
          <Float placement="top-end" offset="1.5">
            <Box
              as="span"
              data-testid="unread-badge"
              aria-hidden
              minW="4.5"
              h="4.5"
              px="1"
              rounded="full"
              bg="red.solid"
              color="red.contrast"
              fontSize="2xs"
              fontWeight="bold"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              lineHeight="1"
            >
              {unread > 99 ? '99+' : unread}
            </Box>
          </Float>
        )}
      </IconButton>
    );
  },
);
