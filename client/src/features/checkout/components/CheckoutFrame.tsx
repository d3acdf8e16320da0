import { Box, Card, Grid, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuLock } from 'react-icons/lu';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PageContainer } from '../../../shared/components/content/PageContainer';

/** The checkout page's card: title, a secure-payment line, the order summary beside the card form. */
export function CheckoutFrame({ children, summary }: { children: ReactNode; summary?: ReactNode }) {
  return (
    <PageContainer maxW={summary ? '5xl' : 'xl'} py={{ base: '6', md: '12' }}>
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
        <Card.Body>
          {summary ? (
            <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 5fr) minmax(0, 4fr)' }} gap={{ base: '6', md: '10' }}>
              <Box order={{ base: 0, md: 1 }} bg="bg.muted" rounded="xl" p={{ base: '4', md: '5' }} alignSelf="start">
                {summary}
              </Box>
              <Box order={{ base: 1, md: 0 }} minW="0">
                {children}
              </Box>
            </Grid>
          ) : (
            children
          )}
        </Card.Body>
      </GlassCard>
    </PageContainer>
  );
}
