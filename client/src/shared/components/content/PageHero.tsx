import { Badge, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { GradientText } from '../GradientText';

interface Props {
  /** Small label above the title. */
  eyebrow?: string;
  title: string;
  /** Part of the title painted with the brand gradient, shown after `title`. */
  highlight?: string;
  description?: ReactNode;
  /** Buttons or meta shown under the description. */
  children?: ReactNode;
  size?: 'page' | 'landing';
}

/** The opening block of a page: eyebrow badge, the page's h1 and a lead paragraph. */
export function PageHero({ eyebrow, title, highlight, description, children, size = 'page' }: Props) {
  const isLanding = size === 'landing';
  return (
    <Stack gap="5" align="center" textAlign="center" maxW="3xl" mx="auto">
      {eyebrow && (
        <Badge size="lg" variant="subtle" rounded="full" px="3">
          {eyebrow}
        </Badge>
      )}
      <Heading
        as="h1"
        size={isLanding ? { base: '4xl', md: '6xl' } : { base: '3xl', md: '5xl' }}
        letterSpacing="tight"
        lineHeight="1.1"
      >
        {title}
        {highlight && (
          <>
            {' '}
            <GradientText>{highlight}</GradientText>
          </>
        )}
      </Heading>
      {description && (
        <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
          {description}
        </Text>
      )}
      {children}
    </Stack>
  );
}
