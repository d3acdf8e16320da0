import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { RouterLink } from '../RouterLink';
import { GlassCard } from './GlassCard';

/** What a link to an unknown public page (a creator, a brand) shows, signed in or not: the fact, and a way on. */
export function NotFoundCard({ message, detail }: { message: string; detail: string }) {
  return (
    <GlassCard role="alert">
      <Card.Body gap="4" alignItems="center" textAlign="center" py="10">
        <Heading as="h1" size="xl">
          {message}
        </Heading>
        <Text color="fg.muted">{detail}</Text>
        <Button asChild>
          <RouterLink to="/creators">
            <LuSearch aria-hidden />
            Browse creators
          </RouterLink>
        </Button>
      </Card.Body>
    </GlassCard>
  );
}
