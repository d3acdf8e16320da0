import { Card, Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { GlassCard } from './GlassCard';

interface Props {
  title: string;
  icon?: IconType;
  description?: ReactNode;
  /** Buttons shown beside the title (wrapping below it on narrow screens). */
  actions?: ReactNode;
  /** Heading level of the title; h2 by default. */
  as?: 'h2' | 'h3';
  children: ReactNode;
}

/** A titled dashboard panel: icon, heading, optional description and actions, then its content. */
export function PanelCard({ title, icon, description, actions, as = 'h2', children }: Props) {
  return (
    <GlassCard as="section" aria-label={title}>
      <Card.Header pb="0" px={{ base: '4', md: '6' }}>
        <Flex gap="3" align={{ base: 'flex-start', sm: 'center' }} justify="space-between" wrap="wrap">
          <Stack gap="1" minW="0" flex="1 1 14rem">
            <Flex align="center" gap="2">
              {icon && <Icon as={icon} boxSize="5" color="brand.fg" aria-hidden />}
              <Heading as={as} size="lg">
                {title}
              </Heading>
            </Flex>
            {description && (
              <Text color="fg.muted" textStyle="sm">
                {description}
              </Text>
            )}
          </Stack>
          {actions && (
            <Flex gap="2" wrap="wrap">
              {actions}
            </Flex>
          )}
        </Flex>
      </Card.Header>
      <Card.Body px={{ base: '4', md: '6' }}>{children}</Card.Body>
    </GlassCard>
  );
}
