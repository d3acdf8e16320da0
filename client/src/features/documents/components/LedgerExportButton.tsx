import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { toast } from '../../../shared/toast';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { downloadWithSession } from '../lib/download';
import { defaultExportRange, exportRangeProblem, ledgerExportUrl } from '../lib/ledger-export';

/**
 * CSV of one's own ledger lines for a range of days in the viewer's zone, both days included
 * (brands: payments and refunds; creators: earnings and payouts).
 */
export function LedgerExportButton() {
  const zone = useViewerZone();
  const [range, setRange] = useState(() => defaultExportRange(zone));
  const [busy, setBusy] = useState(false);
  const problem = exportRangeProblem(range.from, range.to);
  const exportCsv = async () => {
    if (problem) return;
    setBusy(true);
    try {
      await downloadWithSession(ledgerExportUrl(range.from, range.to, zone), `collabhub-ledger-${range.from}-to-${range.to}.csv`);
    } catch (err) {
      toast.error('Could not export', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2" data-testid="ledger-export" role="group" aria-labelledby="ledger-export-title">
      <Text id="ledger-export-title" fontWeight="semibold" textStyle="sm">
        Export for bookkeeping
      </Text>
      <Text textStyle="sm" color="fg.muted">
        Your ledger lines (CSV) between two days, both included, in your time zone ({zone}).
      </Text>
      <HStack gap="2" wrap="wrap" align="flex-end">
        <Field.Root w="auto" invalid={!!problem && problem.startsWith('From')}>
          <Field.Label textStyle="xs">From</Field.Label>
          <Input type="date" size="sm" w="auto" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </Field.Root>
        <Field.Root w="auto" invalid={!!problem && problem.startsWith('To')}>
          <Field.Label textStyle="xs">To</Field.Label>
          <Input type="date" size="sm" w="auto" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </Field.Root>
        <Button size="sm" variant="outline" loading={busy} disabled={!!problem} onClick={exportCsv}>
          <LuDownload /> Export CSV
        </Button>
      </HStack>
      {problem && (
        <Text textStyle="sm" color="fg.error" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
