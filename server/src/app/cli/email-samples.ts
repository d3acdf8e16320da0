import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { renderEmailSamples } from '../../features/mail';
import { loadConfig } from '../../platform/config';

/**
 * Usage: node dist/app/cli/email-samples.js <out.json> [public URL]. Writes every e-mail the product
 * sends, rendered with sample data by the real template and footers, as JSON ([{ name, subject, html }]):
 * the browser suite runs axe on each (client/e2e/accessibility.e2e.ts). Links start with the public URL given,
 * else PUBLIC_URL (read by the config, like the server's). Needs no database.
 */
async function main() {
  const [out, baseUrl] = process.argv.slice(2);
  if (!out) {
    console.error('Usage: node dist/app/cli/email-samples.js <out.json> [public URL]');
    process.exit(2);
  }
  const samples = await renderEmailSamples(baseUrl ?? loadConfig().PUBLIC_URL);
  await writeFile(out, JSON.stringify(samples));
  console.log(`${samples.length} e-mails written to ${out}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
