import { Box, Card, Grid, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { LuMail } from 'react-icons/lu';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { IconBadge } from '../../../shared/components/content/IconBadge';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { PageHero } from '../../../shared/components/content/PageHero';
import type { LegalDocumentContent, LegalSection } from './legal-document';

function TableOfContents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <GlassCard as="nav" aria-label="On this page" position={{ lg: 'sticky' }} top={{ lg: '24' }}>
      <Card.Body gap="3">
        <Text fontWeight="semibold" fontSize="sm" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
          On this page
        </Text>
        <Stack as="ol" listStyleType="none" gap="1.5">
          {sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`} color="fg.muted" fontSize="sm" _hover={{ color: 'brand.fg' }}>
                {section.title}
              </Link>
            </li>
          ))}
        </Stack>
      </Card.Body>
    </GlassCard>
  );
}

function LegalSectionCard({ section }: { section: LegalSection }) {
  return (
    <GlassCard as="section" id={section.id} aria-labelledby={`${section.id}-heading`} scrollMarginTop="24">
      <Card.Body gap="4">
        <HStack gap="3">
          <IconBadge icon={section.icon} boxSize="10" />
          <Heading as="h2" id={`${section.id}-heading`} size="lg">
            {section.title}
          </Heading>
        </HStack>
        {section.paragraphs?.map((paragraph) => (
          <Text key={paragraph.slice(0, 32)} color="fg.muted" lineHeight="tall">
            {paragraph}
          </Text>
        ))}
        {section.bullets && (
          <List.Root gap="2" ps="5" color="fg.muted">
            {section.bullets.map((bullet) => (
              <List.Item key={bullet.slice(0, 32)}>{bullet}</List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
    </GlassCard>
  );
}

/** A legal page: title, last-updated date, contents, numbered sections and a contact block. */
export function LegalDocument({ title, lastUpdated, intro, sections, contact }: LegalDocumentContent) {
  return (
    <PageContainer>
      <PageHero eyebrow="Legal" title={title} description={intro}>
        <Text fontSize="sm" color="fg.muted">
          Last updated {lastUpdated}
        </Text>
      </PageHero>

      <Grid templateColumns={{ base: '1fr', lg: '260px 1fr' }} gap="6" mt={{ base: '10', md: '14' }} alignItems="start">
        <TableOfContents sections={sections} />
        <Stack gap="6">
          {sections.map((section) => (
            <LegalSectionCard key={section.id} section={section} />
          ))}
          <Box
            as="section"
            aria-labelledby="legal-contact-heading"
            rounded="2xl"
            p={{ base: '6', md: '8' }}
            bg="brand.subtle"
            borderWidth="1px"
            borderColor="brand.muted"
          >
            <Stack gap="3">
              <Heading as="h2" id="legal-contact-heading" size="lg">
                {contact.title}
              </Heading>
              <Text color="fg.muted">{contact.text}</Text>
              <Link href={`mailto:${contact.email}`} fontWeight="semibold" color="brand.fg" width="fit-content">
                <LuMail aria-hidden />
                {contact.email}
              </Link>
            </Stack>
          </Box>
        </Stack>
      </Grid>
    </PageContainer>
  );
}
