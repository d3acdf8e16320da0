import { CtaBanner, CtaLinkButton } from '../../../shared/components/content/CtaBanner';
import { FeatureGrid } from '../../../shared/components/content/FeatureGrid';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { PageSection } from '../../../shared/components/content/PageSection';
import { BOOKING_PROMISES, StatHighlights } from '../../../shared/components/content/StatHighlights';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { LANDING_FEATURES } from '../components/landing-content';
import { LandingHero } from '../components/LandingHero';

/** / — hero, four feature cards and a closing call to action. */
export function LandingPage() {
  useDocumentTitle();
  return (
    <PageContainer maxW="7xl">
      <LandingHero />

      <PageSection
        title="Everything you need to collaborate"
        description="From the first search to the final payout, every step of a collab happens in one place."
      >
        <FeatureGrid items={LANDING_FEATURES} />
      </PageSection>

      <PageSection
        title="A growing community"
        description="Every booking is paid up front and held until the creator accepts."
      >
        <StatHighlights items={BOOKING_PROMISES} />
      </PageSection>

      <CtaBanner
        title="Ready to create your next collab?"
        description="Join as a creator to get booked, or as a brand to find the right voice for your next campaign. It takes less than a minute."
      >
        <CtaLinkButton to="/auth?mode=join">Get Started</CtaLinkButton>
        <CtaLinkButton to="/about" emphasis="outline">
          Learn more
        </CtaLinkButton>
      </CtaBanner>
    </PageContainer>
  );
}
