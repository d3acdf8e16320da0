import { Box, Container, Heading, HStack, Icon, Link, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuMail } from 'react-icons/lu';
import { BRAND } from '../brand';
import { ExternalLink } from '../components/ExternalLink';
import { Logo } from '../components/Logo';
import { RouterLink } from '../components/RouterLink';
import { LEGAL_LINKS, QUICK_LINKS, SOCIAL_LINKS, SUPPORT_EMAILS } from './footer-links';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="sm" textTransform="uppercase" letterSpacing="wider" color="fg">
        {title}
      </Heading>
      <Stack as="ul" listStyleType="none" gap="2" m="0" p="0">
        {children}
      </Stack>
    </Stack>
  );
}

const linkStyle = { color: 'fg.muted', _hover: { color: 'brand.fg' } } as const;

/** Four columns (brand, quick links, support, social) and the legal bottom row. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      as="footer"
      bg="surface.glass"
      backdropFilter="blur(14px)"
      borderTopWidth="1px"
      borderColor="border.muted"
      mt="16"
    >
      <Container maxW="7xl" py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: '8', lg: '10' }}>
          <Stack gap="3">
            <Logo />
            <Text color="fg.muted" fontSize="sm" maxW="xs">
              {BRAND.footerLine}
            </Text>
          </Stack>

          <FooterColumn title="Quick Links">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <RouterLink to={link.to} {...linkStyle}>
                  {link.label}
                </RouterLink>
              </li>
            ))}
          </FooterColumn>

          <FooterColumn title="Support">
            {SUPPORT_EMAILS.map((email) => (
              <li key={email}>
                <Link href={`mailto:${email}`} {...linkStyle} wordBreak="break-all">
                  <Icon as={LuMail} aria-hidden />
                  {email}
                </Link>
              </li>
            ))}
          </FooterColumn>

          <FooterColumn title="Follow Us">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.label}>
                <ExternalLink href={social.href} {...linkStyle}>
                  <Icon as={social.icon} aria-hidden />
                  {social.label}
                </ExternalLink>
              </li>
            ))}
          </FooterColumn>
        </SimpleGrid>

        <Separator my="8" />

        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          align={{ base: 'flex-start', md: 'center' }}
          gap="3"
          fontSize="sm"
          color="fg.muted"
        >
          <Text>
            © {year} {BRAND.name}. All rights reserved
          </Text>
          <HStack as="nav" aria-label="Legal" gap="5">
            {LEGAL_LINKS.map((link) => (
              <RouterLink key={link.to} to={link.to} {...linkStyle}>
                {link.label}
              </RouterLink>
            ))}
          </HStack>
          <Text fontWeight="semibold" color="brand.fg">
            {BRAND.hashtag}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
