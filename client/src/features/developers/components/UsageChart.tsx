import { Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useApiKeyUsageQuery } from '../../../gql/graphql';
import { usageSummary } from '../lib/developers';

/** Requests per hour over the last 7 days (one bar per hour), with the key's rate limit. */
export function UsageChart({ keyId, rateLimitPerMinute }: { keyId: string; rateLimitPerMinute: number }) {
  const { data, loading } = useApiKeyUsageQuery({ variables: { id: keyId }, fetchPolicy: 'cache-and-network' });
  const hours = data?.apiKeyUsage ?? [];
  const { total, peak } = usageSummary(hours);
  const height = 48;
  return (
    <Stack gap="1" data-testid="usage-chart">
      {loading && !data ? (
        <Skeleton h={`${height}px`} />
      ) : (
        <Box as="figure" role="img" aria-label={`${total} requests in the last 7 days, at most ${peak} in one hour`} position="relative">
          {total === 0 && (
            <Text position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" fontSize="xs" color="fg.muted" aria-hidden>
              No requests with this key in the last 7 days
            </Text>
          )}
          <svg width="100%" height={height} viewBox={`0 0 ${Math.max(hours.length, 1)} ${height}`} preserveAspectRatio="none">
            <rect x="0" y={height - 1} width={hours.length} height="1" fill="var(--chakra-colors-border)" />
            {hours.map((h, i) =>
              h.requests > 0 ? (
                <rect key={h.hour} x={i} width="0.8" y={height - Math.max(2, (h.requests / peak) * height)} height={Math.max(2, (h.requests / peak) * height)} fill="var(--chakra-colors-purple-500)">
                  <title>{`${new Date(h.hour).toLocaleString()}: ${h.requests} requests`}</title>
                </rect>
              ) : null,
            )}
          </svg>
        </Box>
      )}
      <HStack justify="space-between" fontSize="xs" color="fg.muted" flexWrap="wrap" gap="1">
        <Text>
          7 days · {total.toLocaleString()} requests{peak > 0 ? ` · peak ${peak.toLocaleString()}/h` : ''}
        </Text>
        <Text>Limit {rateLimitPerMinute.toLocaleString()} requests/min</Text>
      </HStack>
    </Stack>
  );
}
