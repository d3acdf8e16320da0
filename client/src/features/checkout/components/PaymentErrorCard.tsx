import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { IconBadge } from '../../../shared/components/content/IconBadge';
import { PageContainer } from '../../../shared/components/content/PageContainer';

/** Spec §2: the checkout could not be loaded. */
export function PaymentErrorCard({ message }: { message: string }) {
  return (
    <PageContainer maxW="lg" py={{ base: '6', md: '12' }}>
      <GlassCard role="alert">
        <Card.Body>
          <Stack gap="4" align="center" textAlign="center" py="4">
            <IconBadge icon={LuTriangleAlert} colorPalette="red" />
            <Heading as="h1" size="xl">
              Payment Error
            </Heading>
            <Text color="fg.muted">{message}</Text>
            <Button asChild>
              <Link to="/dashboard">Return to Dashboard</Link>
            </Button>
          </Stack>
        </Card.Body>
      </GlassCard>
    </PageContainer>
  );
}
