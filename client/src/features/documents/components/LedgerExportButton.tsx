import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { toast } from '../../../shared/toast';
import { downloadWithSession } from '../lib/download';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** CSV of one's own ledger lines for a date range (brands: payments and refunds; creators: earnings and payouts). */
export function LedgerExportButton() {
  const now = new Date();
  const [from, setFrom] = useState(day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))));
  const [to, setTo] = useState(day(new Date(now.getTime() + 86_400_000)));
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadWithSession(`/api/v1/ledger/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, `collabhub-ledger-${from}-to-${to}.csv`);
    } catch (err) {
      toast.error('Could not export', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2" data-testid="ledger-export">
      <Text textStyle="sm" color="fg.muted">
        Export your ledger lines (CSV) for your bookkeeping.
      </Text>
      <HStack gap="2" wrap="wrap">
        <Input type="date" size="sm" w="auto" aria-label="From" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Input type="date" size="sm" w="auto" aria-label="To" value={to} onChange={(e) => setTo(e.target.value)} />
        <Button size="sm" variant="outline" loading={busy} onClick={exportCsv}>
          <LuDownload /> Export CSV
        </Button>
      </HStack>
    </Stack>
  );
}
