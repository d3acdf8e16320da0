import { Card, Grid, Heading, Text } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { PageHero } from '../../../shared/components/content/PageHero';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ContactForm } from '../components/ContactForm';
import { ContactInfoPanel } from '../components/ContactInfoPanel';
import { ContactReceiptCard } from '../components/ContactReceiptCard';
import { useContactForm } from '../hooks/useContactForm';

/** /contact — contact details, response times and a message form that opens a support ticket. */
export function ContactPage() {
  useDocumentTitle('Contact');
  const form = useContactForm();

  return (
    <PageContainer>
      <PageHero
        eyebrow="Contact"
        title="We'd love to"
        highlight="hear from you"
        description="Questions about bookings, payments or partnerships? Send us a message and the right person will get back to you."
      />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap="6" mt={{ base: '10', md: '14' }} alignItems="start">
        <ContactInfoPanel />
        {/* On a phone the form comes first: it is what people came for, and its receipt is then in view. */}
        <GlassCard order={{ base: -1, lg: 0 }}>
          <Card.Body p={{ base: '5', md: '8' }}>
            {form.status === 'sent' && form.receipt ? (
              <ContactReceiptCard receipt={form.receipt} onReset={form.reset} />
            ) : (
              <>
                <Heading as="h2" size="lg" mb="1">
                  Send us a message
                </Heading>
                <Text color="fg.muted" fontSize="sm" mb="6">
                  Fields marked with * are required.
                </Text>
                <ContactForm
                  values={form.values}
                  submitting={form.status === 'submitting'}
                  errors={form.errors}
                  formError={form.formError}
                  onChange={form.setField}
                  onSubmit={form.submit}
                />
              </>
            )}
          </Card.Body>
        </GlassCard>
      </Grid>
    </PageContainer>
  );
}
