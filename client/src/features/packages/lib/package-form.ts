import type { CreatePackageInput, PackageCard_PackageFragment } from '../../../gql/graphql';
import { dollarsToCents } from '../../../shared/lib/money';

/** The package form as typed (numbers as text; the price in dollars). */
export interface PackageDraft {
  title: string;
  description: string;
  liveMinutes: string;
  costreamHours: string;
  clips: string;
  posts: string;
  overlayDays: string;
  price: string;
  leadTimeDays: string;
  revisionsIncluded: string;
  platforms: string[];
  active: boolean;
}

export const DELIVERABLE_FIELDS = [
  { key: 'liveMinutes', label: 'Live segment (minutes)' },
  { key: 'costreamHours', label: 'Co-stream (hours)' },
  { key: 'clips', label: 'Clips' },
  { key: 'posts', label: 'Posts' },
  { key: 'overlayDays', label: 'Overlay (days)' },
] as const;

export function emptyPackageDraft(): PackageDraft {
  return { title: '', description: '', liveMinutes: '0', costreamHours: '0', clips: '0', posts: '0', overlayDays: '0', price: '', leadTimeDays: '2', revisionsIncluded: '1', platforms: [], active: true };
}

export function draftOfPackage(p: PackageCard_PackageFragment): PackageDraft {
  return {
    title: p.title,
    description: p.description,
    liveMinutes: String(p.deliverables.liveMinutes),
    costreamHours: String(p.deliverables.costreamHours),
    clips: String(p.deliverables.clips),
    posts: String(p.deliverables.posts),
    overlayDays: String(p.deliverables.overlayDays),
    price: p.priceCents % 100 === 0 ? String(p.priceCents / 100) : (p.priceCents / 100).toFixed(2),
    leadTimeDays: String(p.leadTimeDays),
    revisionsIncluded: String(p.revisionsIncluded),
    platforms: [...p.platforms],
    active: p.active,
  };
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The form as the API's input, or the first problem in words. The server checks the limits again. */
export function toPackageInput(d: PackageDraft): { input: CreatePackageInput } | { error: string } {
  if (!d.title.trim()) return { error: 'Give the package a title' };
  const deliverables: Record<string, number> = {};
  for (const f of DELIVERABLE_FIELDS) {
    const n = whole(d[f.key]);
    if (n === null) return { error: `${f.label}: a whole number, 0 or more` };
    deliverables[f.key] = n;
  }
  if (Object.values(deliverables).every((n) => n === 0)) return { error: 'Include at least one deliverable' };
  const priceCents = dollarsToCents(d.price);
  if (priceCents === null || priceCents < 100) return { error: 'Price: at least $1, in dollars (e.g. 300 or 299.99)' };
  const leadTimeDays = whole(d.leadTimeDays);
  if (leadTimeDays === null) return { error: 'Lead time: a whole number of days' };
  const revisionsIncluded = whole(d.revisionsIncluded);
  if (revisionsIncluded === null) return { error: 'Revisions included: a whole number' };
  return {
    input: {
      title: d.title.trim(),
      description: d.description.trim() || null,
      deliverables,
      priceCents,
      leadTimeDays,
      revisionsIncluded,
      platforms: d.platforms,
      active: d.active,
    },
  };
}

/**
 * The starts a live package may be bought at: free hours from which `hours` consecutive free hours
 * follow, no sooner than the lead time (the server checks the creator's notice and buffers again).
 */
export function packageStarts(slots: readonly { startTime: string; endTime: string; isBooked: boolean }[], hours: number, earliest: Date): string[] {
  const free = slots.filter((s) => !s.isBooked).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const byStart = new Map(free.map((s) => [Date.parse(s.startTime), s]));
  return free
    .filter((s) => Date.parse(s.startTime) >= earliest.getTime())
    .filter((s) => {
      let t = Date.parse(s.startTime);
      for (let i = 0; i < hours; i++) {
        const slot = byStart.get(t);
        if (!slot) return false;
        t = Date.parse(slot.endTime);
      }
      return true;
    })
    .map((s) => s.startTime);
}
