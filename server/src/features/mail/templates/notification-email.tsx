import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

/** The product's look (client/src/theme/palette.ts): violet brand, pink accent, soft violet page. */
const COLORS = { brand: '#7c3aed', brandDark: '#5b21b6', accent: '#db2777', page: '#f5f3ff', text: '#1f1937', muted: '#6b6785', line: '#ede9fe' };
/** A link inside a sentence is told by more than its colour (axe: link-in-text-block): underlined. */
const LINK_IN_TEXT = { color: COLORS.brand, textDecoration: 'underline' } as const;
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** What one e-mail says: built per notification kind (email-content.ts), drawn by one template. */
export interface EmailContent {
  /** The inbox's preview line. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Label/value rows, e.g. When (in the recipient's zone, named), Amount, Refund. */
  facts: { label: string; value: string }[];
  /** Several entries (a message digest): who, what, when. */
  items?: { title: string; body: string; meta: string }[];
  /** The button to the exact page. */
  button: { label: string; url: string };
}

export interface EmailFrame {
  /** Why this person gets the e-mail, and where to change it. */
  reason: string;
  preferencesUrl: string;
  /** The kind cannot be turned off (payments, disputes, account and security). */
  required: boolean;
  /** Why a required kind is always sent (default: it is about money or a dispute). */
  alwaysSentBecause?: string;
}

/** Every CollabHub e-mail: one layout, content per kind. */
export function NotificationEmail({ content, frame }: { content: EmailContent; frame: EmailFrame }) {
  return (
    <Html lang="en">
      {/* A document's title (axe: document-title): what a reader opening the HTML part in a browser or a screen reader hears first. */}
      <Head>
        <title>{content.heading}</title>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: COLORS.page, fontFamily: FONT, color: COLORS.text, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: 560, margin: '0 auto', padding: '0 12px' }}>
          <Section style={{ padding: '8px 4px 16px' }}>
            <Text style={{ margin: 0, fontSize: 20, fontWeight: 800, color: COLORS.brand, letterSpacing: '-0.02em' }}>
              Collab<span style={{ color: COLORS.accent }}>Hub</span>
            </Text>
          </Section>
          <Section style={{ backgroundColor: '#ffffff', borderRadius: 12, padding: '28px 28px 20px', border: `1px solid ${COLORS.line}` }}>
            <Heading as="h1" style={{ fontSize: 22, lineHeight: '30px', margin: '0 0 12px', color: COLORS.text }}>
              {content.heading}
            </Heading>
            {content.paragraphs.map((p, i) => (
              <Text key={i} style={{ fontSize: 15, lineHeight: '24px', margin: '0 0 12px' }}>
                {p}
              </Text>
            ))}
            {content.facts.length > 0 && (
              <Section style={{ backgroundColor: COLORS.page, borderRadius: 8, padding: '12px 16px', margin: '8px 0 16px' }}>
                {content.facts.map((f) => (
                  <Text key={f.label} style={{ fontSize: 14, lineHeight: '22px', margin: '2px 0' }}>
                    <strong style={{ color: COLORS.brandDark }}>{f.label}:</strong> {f.value}
                  </Text>
                ))}
              </Section>
            )}
            {content.items?.map((item, i) => (
              <Section key={i} style={{ borderLeft: `3px solid ${COLORS.brand}`, padding: '4px 12px', margin: '0 0 12px' }}>
                <Text style={{ fontSize: 14, fontWeight: 700, margin: '0 0 2px' }}>
                  {item.title} <span style={{ color: COLORS.muted, fontWeight: 400 }}>· {item.meta}</span>
                </Text>
                <Text style={{ fontSize: 15, lineHeight: '22px', margin: 0, whiteSpace: 'pre-wrap' }}>{item.body}</Text>
              </Section>
            ))}
            <Section style={{ padding: '8px 0 4px' }}>
              <Button
                href={content.button.url}
                style={{ backgroundColor: COLORS.brand, color: '#ffffff', borderRadius: 8, fontSize: 15, fontWeight: 600, padding: '12px 20px', textDecoration: 'none' }}
              >
                {content.button.label}
              </Button>
            </Section>
            <Text style={{ fontSize: 12, color: COLORS.muted, margin: '12px 0 0', wordBreak: 'break-all' }}>
              Or open this link: <Link href={content.button.url} style={LINK_IN_TEXT}>{content.button.url}</Link>
            </Text>
          </Section>
          <Hr style={{ borderColor: COLORS.line, margin: '20px 0 12px' }} />
          <Text style={{ fontSize: 12, lineHeight: '18px', color: COLORS.muted, margin: '0 4px' }}>
            {frame.reason}{' '}
            {frame.required ? `${frame.alwaysSentBecause ?? 'This e-mail is about money or a dispute, so it is always sent.'} ` : ''}
            <Link href={frame.preferencesUrl} style={LINK_IN_TEXT}>
              Notification preferences
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
