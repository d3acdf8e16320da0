import { Card, Flex, Heading, HStack, Icon, Link, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuCircle, LuCircleCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useConnectStatusQuery } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { creatorSetupSteps } from '../lib/setup-checklist';

/**
 * A new creator's next steps (hours, payouts, photo), each with a link to where it is done,
 * until all three are done. Nothing is shown while the payout status is still unknown.
 */
export function CreatorSetupChecklist({ hasHours, hasPhoto }: { hasHours: boolean; hasPhoto: boolean }) {
  const { data } = useConnectStatusQuery({ fetchPolicy: 'cache-and-network' });
  if (!data) return null;
  const steps = creatorSetupSteps({ hasHours, hasPhoto, payoutsReady: data.connectStatus.payoutsEnabled });
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;

  return (
    <GlassCard as="section" aria-labelledby="setup-checklist-heading">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Stack gap="1">
          <Flex justify="space-between" columnGap="3" rowGap="0.5" align="baseline" wrap="wrap">
            <Heading as="h3" size="md" id="setup-checklist-heading">
              Get ready for your first booking
            </Heading>
            <Text fontWeight="semibold" whiteSpace="nowrap">
              {done} of {steps.length} done
            </Text>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Brands can book you once you have hours and a payout account.
          </Text>
        </Stack>
        <Progress.Root value={(done / steps.length) * 100} size="sm" aria-label="Set-up progress">
          <Progress.Track rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Stack as="ol" listStyleType="none" gap="3" aria-label="Set-up steps">
          {steps.map((step) => (
            <HStack as="li" key={step.id} gap="3" align="flex-start" data-step={step.id} data-done={step.done}>
              <Icon
                as={step.done ? LuCircleCheck : LuCircle}
                color={step.done ? 'green.solid' : 'fg.subtle'}
                boxSize="5"
                mt="0.5"
                aria-hidden
              />
              <Stack gap="0" minW="0" flex="1">
                <Text fontWeight="medium" textDecoration={step.done ? 'line-through' : undefined} color={step.done ? 'fg.muted' : undefined}>
                  {step.label}
                  {step.done && <VisuallyHidden> (done)</VisuallyHidden>}
                </Text>
                {!step.done && (
                  <Text fontSize="sm" color="fg.muted">
                    {step.why}{' '}
                    <Link asChild color="brand.fg" fontWeight="medium">
                      <RouterLink to={step.href}>{step.linkLabel}</RouterLink>
                    </Link>
                  </Text>
                )}
              </Stack>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </GlassCard>
  );
}
