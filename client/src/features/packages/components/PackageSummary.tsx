import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import type { PackageCard_PackageFragment } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';

/** A package's words: title, price, deliverables, lead time and revisions. */
export function PackageSummary({ pkg }: { pkg: PackageCard_PackageFragment }) {
  return (
    <Stack gap="1.5" minW="0">
      <Flex justify="space-between" align="baseline" gap="3">
        <Text fontWeight="semibold" wordBreak="break-word">
          {pkg.title}
        </Text>
        <Text fontWeight="bold" flexShrink={0}>
          {formatCents(pkg.priceCents)}
        </Text>
      </Flex>
      <Text textStyle="sm">{pkg.summary}</Text>
      {pkg.description && (
        <Text textStyle="sm" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word" lineClamp={4}>
          {pkg.description}
        </Text>
      )}
      <Flex gap="1.5" wrap="wrap">
        <Badge variant="subtle">{pkg.scheduledHours > 0 ? `${pkg.scheduledHours} h live` : 'By a due date'}</Badge>
        {pkg.leadTimeDays > 0 && <Badge variant="subtle">{pkg.leadTimeDays} {pkg.leadTimeDays === 1 ? 'day' : 'days'} lead time</Badge>}
        <Badge variant="subtle">
          {pkg.revisionsIncluded} {pkg.revisionsIncluded === 1 ? 'revision' : 'revisions'}
        </Badge>
        {pkg.platforms.map((p) => (
          <Badge key={p} variant="outline" textTransform="capitalize">
            {p}
          </Badge>
        ))}
      </Flex>
    </Stack>
  );
}
