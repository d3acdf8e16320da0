import { Card, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuLock } from 'react-icons/lu';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PageContainer } from '../../../shared/components/content/PageContainer';

/** The checkout page's card: title, a secure-payment line, then its content. */
export function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <PageContainer maxW="xl" py={{ base: '6', md: '12' }}>
      <GlassCard shadow="lg">
        <Card.Header>
          <Stack gap="1">
            <Heading as="h1" size="2xl" letterSpacing="tight">
              Complete Your Payment
            </Heading>
            <HStack gap="1.5" color="fg.muted" textStyle="sm">
              <Icon as={LuLock} aria-hidden />
              <Text>Secure card payment</Text>
            </HStack>
          </Stack>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </GlassCard>
    </PageContainer>
  );
}
