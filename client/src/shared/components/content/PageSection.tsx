import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
}

/** A titled block of a content page (its heading is an h2). */
export function PageSection({ title, description, children, id }: Props) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <Stack as="section" gap="8" mt={{ base: '14', md: '20' }} id={id} aria-labelledby={headingId}>
      <Stack gap="3" textAlign="center" maxW="2xl" mx="auto">
        <Heading as="h2" id={headingId} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
