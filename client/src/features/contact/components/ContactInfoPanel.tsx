import { Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { IconBadge } from '../../../shared/components/content/IconBadge';
import { CONTACT_DETAILS, RESPONSE_TIMES } from './contact-content';

/** Where to reach us and how fast we answer. */
export function ContactInfoPanel() {
  return (
    <Stack gap="6">
      <GlassCard>
        <Card.Body gap="5">
          <Heading as="h2" size="lg">
            Get in touch
          </Heading>
          <Stack as="ul" listStyleType="none" gap="4">
            {CONTACT_DETAILS.map((detail) => (
              <HStack as="li" key={detail.label} gap="3" align="flex-start">
                <IconBadge icon={detail.icon} boxSize="10" />
                <Stack gap="0" minW="0">
                  <Text fontSize="sm" color="fg.muted">
                    {detail.label}
                  </Text>
                  {detail.href ? (
                    <Link href={detail.href} fontWeight="medium" wordBreak="break-all">
                      {detail.value}
                    </Link>
                  ) : (
                    <Text fontWeight="medium">{detail.value}</Text>
                  )}
                </Stack>
              </HStack>
            ))}
          </Stack>
        </Card.Body>
      </GlassCard>

      <GlassCard>
        <Card.Body gap="5">
          <Heading as="h2" size="lg">
            Response times
          </Heading>
          <Stack as="ul" listStyleType="none" gap="4">
            {RESPONSE_TIMES.map((item) => (
              <HStack as="li" key={item.label} gap="3">
                <IconBadge icon={item.icon} colorPalette={item.palette} boxSize="10" />
                <Stack gap="0">
                  <Text fontWeight="medium">{item.label}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {item.time}
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Stack>
        </Card.Body>
      </GlassCard>
    </Stack>
  );
}
