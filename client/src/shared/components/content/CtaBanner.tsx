import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface Props {
  title: string;
  description: ReactNode;
  /** Buttons or links. */
  children?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

/** A gradient call-to-action panel closing a page. */
export function CtaBanner({ title, description, children, headingLevel = 'h2' }: Props) {
  return (
    <Box
      as="section"
      aria-label={title}
      mt={{ base: '14', md: '20' }}
      rounded="3xl"
      px={{ base: '6', md: '14' }}
      py={{ base: '10', md: '14' }}
      bgGradient="to-br"
      gradientFrom="brand.700"
      gradientTo="accent.600"
      color="white"
      shadow="xl"
      position="relative"
      overflow="hidden"
    >
      <Stack gap="4" align="center" textAlign="center" maxW="2xl" mx="auto" position="relative">
        <Heading as={headingLevel} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          {title}
        </Heading>
        <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
          {description}
        </Text>
        {children && (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="2" width={{ base: 'full', sm: 'auto' }}>
            {children}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

type CtaTarget = { to: string; href?: never } | { href: string; to?: never };

/** A button-styled link for the gradient banner: `solid` (white) or `outline`. */
export function CtaLinkButton({
  children,
  emphasis = 'solid',
  ...target
}: CtaTarget & { children: ReactNode; emphasis?: 'solid' | 'outline' }) {
  const style =
    emphasis === 'solid'
      ? { bg: 'white', color: 'brand.700', _hover: { bg: 'whiteAlpha.900' } }
      : {
          variant: 'outline' as const,
          color: 'white',
          borderColor: 'whiteAlpha.700',
          _hover: { bg: 'whiteAlpha.200' },
        };
  return (
    <Button asChild size="lg" {...style}>
      {target.to !== undefined ? <Link to={target.to}>{children}</Link> : <a href={target.href}>{children}</a>}
    </Button>
  );
}
