import { SimpleGrid } from '@chakra-ui/react';
import { CtaBanner, CtaLinkButton } from '../../../shared/components/content/CtaBanner';
import { FeatureGrid } from '../../../shared/components/content/FeatureGrid';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { PageHero } from '../../../shared/components/content/PageHero';
import { PageSection } from '../../../shared/components/content/PageSection';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { MISSION, TEAM, VALUES } from '../components/about-content';
import { StoryBlock } from '../components/StoryBlock';
import { TeamMemberCard } from '../components/TeamMemberCard';

/** /about — story, four values, three team members and the mission. */
export function AboutPage() {
  useDocumentTitle('About');
  return (
    <PageContainer>
      <PageHero
        eyebrow="About CollabHub"
        title="Built by creators,"
        highlight="for creators"
        description="We connect streamers worldwide to create meaningful collaborations and grow together."
      />

      <PageSection id="story" title="Our story">
        <StoryBlock />
      </PageSection>

      <PageSection id="values" title="What we value" description="Four principles behind every feature we ship.">
        <FeatureGrid items={VALUES} />
      </PageSection>

      <PageSection
        id="team"
        title="Meet the team"
        description="A small team of streamers, engineers and community builders."
      >
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {TEAM.map((member) => (
            <TeamMemberCard key={member.name} {...member} />
          ))}
        </SimpleGrid>
      </PageSection>

      <CtaBanner title="Our mission" description={MISSION}>
        <CtaLinkButton to="/auth">Join the community</CtaLinkButton>
      </CtaBanner>
    </PageContainer>
  );
}
