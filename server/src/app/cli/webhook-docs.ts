import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withEventCatalog } from '../../features/webhooks';

/** Rewrites docs/partners.md's webhook event list from the server's event catalog (webhook-docs.test.ts checks it is current). */
const target = path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'partners.md');
writeFileSync(target, withEventCatalog(readFileSync(target, 'utf8')));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
