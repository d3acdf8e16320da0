import { Button, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuHouse } from 'react-icons/lu';
import { Link, useNavigate } from 'react-router-dom';
import { PageContainer } from '../components/content/PageContainer';
import { PageHero } from '../components/content/PageHero';
import { GradientText } from '../components/GradientText';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** Any unknown path (spec §2 "404"). */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  const navigate = useNavigate();
  // Opened directly (no earlier entry of ours in history): "back" means home.
  const goBack = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/'));

  return (
    <PageContainer py={{ base: '16', md: '24' }}>
      <Stack align="center" gap="2">
        <Text fontSize={{ base: '7xl', md: '9xl' }} fontWeight="black" lineHeight="1" aria-hidden="true">
          <GradientText>404</GradientText>
        </Text>
        <PageHero
          title="Page Not Found"
          description="The page you're looking for doesn't exist or has moved. Let's get you back on track."
        >
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" width={{ base: 'full', sm: 'auto' }}>
            <Button asChild size="lg">
              <Link to="/">
                <LuHouse aria-hidden />
                Back to Home
              </Link>
            </Button>
            <Button size="lg" variant="outline" onClick={goBack}>
              <LuArrowLeft aria-hidden />
              Go Back
            </Button>
          </Stack>
        </PageHero>
      </Stack>
    </PageContainer>
  );
}
