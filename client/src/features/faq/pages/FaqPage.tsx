import { Button, SimpleGrid } from '@chakra-ui/react';
import { LuLifeBuoy } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../shared/brand';
import { CtaBanner, CtaLinkButton } from '../../../shared/components/content/CtaBanner';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { PageHero } from '../../../shared/components/content/PageHero';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { FAQ_GROUPS } from '../components/faq-content';
import { FaqGroup } from '../components/FaqGroup';

/** /faq — four question groups and the ways to reach support. */
export function FaqPage() {
  useDocumentTitle('FAQ');
  return (
    <PageContainer>
      <PageHero
        eyebrow="FAQ"
        title="Frequently asked"
        highlight="questions"
        description="Everything about accounts, bookings, payments and safety on CollabHub. Can't find your answer?"
      >
        <Button asChild variant="outline" bg="surface.glass">
          <Link to="/contact">
            <LuLifeBuoy aria-hidden />
            Contact Support
          </Link>
        </Button>
      </PageHero>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" mt={{ base: '10', md: '14' }} alignItems="start">
        {FAQ_GROUPS.map((group) => (
          <FaqGroup key={group.id} {...group} />
        ))}
      </SimpleGrid>

      <CtaBanner
        title="Still Need Help?"
        description="Our support team answers general questions within 24 hours, technical issues within 4 hours and urgent issues within 1 hour."
      >
        <CtaLinkButton to="/contact">Contact Us</CtaLinkButton>
        <CtaLinkButton href={`mailto:${BRAND.supportEmail}`} emphasis="outline">
          Email {BRAND.supportEmail}
        </CtaLinkButton>
      </CtaBanner>
    </PageContainer>
  );
}
