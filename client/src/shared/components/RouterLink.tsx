import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react';
import { Link, type LinkProps as RouterLinkProps } from 'react-router-dom';

type Props = Omit<LinkProps, 'asChild' | 'href'> & Pick<RouterLinkProps, 'to' | 'replace' | 'state'>;

/** A Chakra-styled link that navigates inside the app. */
export function RouterLink({ to, replace, state, children, ...rest }: Props) {
  return (
    <ChakraLink asChild {...rest}>
      <Link to={to} replace={replace} state={state}>
        {children}
      </Link>
    </ChakraLink>
  );
}
