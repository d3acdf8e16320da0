import { Link, type LinkProps } from '@chakra-ui/react';

/** A link that opens another site in a new tab. */
export function ExternalLink(props: Omit<LinkProps, 'target' | 'rel'>) {
  return <Link target="_blank" rel="noopener noreferrer" {...props} />;
}
