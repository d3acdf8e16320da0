import { Link } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { NavLinkItem } from './nav-links';

/** One main-navigation link; the current page is marked with aria-current and highlighted. */
export function NavItemLink({
  item,
  onNavigate,
  block = false,
}: {
  item: NavLinkItem;
  onNavigate?: () => void;
  block?: boolean;
}) {
  return (
    <Link
      asChild
      px="3"
      py="2"
      rounded="md"
      fontWeight="medium"
      color="fg.muted"
      display={block ? 'block' : 'inline-flex'}
      fontSize={block ? 'md' : 'sm'}
      _hover={{ color: 'fg', bg: 'brand.subtle', textDecoration: 'none' }}
      _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}
    >
      <NavLink to={item.to} end={item.to === '/'} onClick={onNavigate}>
        {item.label}
      </NavLink>
    </Link>
  );
}
