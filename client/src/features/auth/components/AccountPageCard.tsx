import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PageContainer } from '../../../shared/components/content/PageContainer';

/** The frame of the account pages reached from e-mailed links (forgot, reset, verify): a card like the sign-in one. */
export function AccountPageCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <PageContainer maxW="md" py={{ base: '8', md: '14' }}>
      <GlassCard shadow="xl">
        <Card.Body gap="6" p={{ base: '5', md: '8' }}>
          <Stack gap="1" textAlign="center">
            <Heading as="h1" size="2xl" letterSpacing="tight">
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Stack>
          {children}
        </Card.Body>
      </GlassCard>
    </PageContainer>
  );
}
