import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { GlassCard } from './GlassCard';
import { IconBadge } from './IconBadge';
import { PageContainer } from './PageContainer';

interface Props {
  icon: IconType;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** Placeholder for a screen that is being built: its title and what it will hold. */
export function ComingSoonPanel({ icon, title, description, children }: Props) {
  return (
    <PageContainer maxW="3xl">
      <GlassCard>
        <Card.Body>
          <Stack gap="4" align="center" textAlign="center" py="6">
            <IconBadge icon={icon} />
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            <Text color="fg.muted" maxW="lg">
              {description}
            </Text>
            {children}
          </Stack>
        </Card.Body>
      </GlassCard>
    </PageContainer>
  );
}
