import { Button, Card, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LuTriangleAlert } from 'react-icons/lu';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { IconBadge } from '../../../shared/components/content/IconBadge';
import { PageContainer } from '../../../shared/components/content/PageContainer';

interface State {
  error: Error | null;
}

/** If the dashboard fails to render, a "Dashboard Error" card shows the message (spec §2). */
export class DashboardErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Dashboard failed to render', error, info.componentStack);
  }

  private reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <PageContainer maxW="2xl">
        <GlassCard role="alert" colorPalette="red">
          <Card.Body>
            <Stack gap="4" align="center" textAlign="center" py="4">
              <IconBadge icon={LuTriangleAlert} colorPalette="red" />
              <Heading as="h1" size="2xl">
                Dashboard Error
              </Heading>
              <Text color="fg.muted">Something went wrong while showing your dashboard.</Text>
              <Code colorPalette="red" px="3" py="2" whiteSpace="pre-wrap" wordBreak="break-word" maxW="full">
                {error.message || 'Unknown error'}
              </Code>
              <HStack gap="2">
                <Button onClick={this.reset}>Try again</Button>
                <Button variant="outline" onClick={() => window.location.reload()}>
                  Reload page
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </GlassCard>
      </PageContainer>
    );
  }
}
