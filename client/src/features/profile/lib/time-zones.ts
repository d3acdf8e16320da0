import { viewerZone } from '../../../shared/lib/zoned-time';

let supported: string[] | null = null;

/** The IANA zones this browser knows, plus `current` when the list lacks it (Chrome omits "UTC"). */
export function timeZoneOptions(current?: string): string[] {
  if (!supported) {
    const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
    supported = intl.supportedValuesOf?.('timeZone') ?? [];
  }
  const extra = [current, viewerZone(), 'UTC'].filter(
    (zone): zone is string => Boolean(zone) && !supported!.includes(zone!),
  );
  return [...new Set([...extra, ...supported])].sort((a, b) => a.localeCompare(b));
}
