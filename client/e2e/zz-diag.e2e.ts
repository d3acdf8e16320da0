import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { it } from 'vitest';
import { launchBrowser, newActor } from './support/browser';
import { startE2EServer } from './support/server';
import { register } from './support/ui';
const require = createRequire(import.meta.url);
it('diag', async () => {
  const server = await startE2EServer();
  const browser = await launchBrowser();
  const a = await newActor(browser, 'd', server.url);
  try {
    await register(a.page, 'Brand Account', 'x@y.test', 'correct-horse-battery-9');
    await a.page.waitForTimeout(1500);
    await a.page.screenshot({ path: '/tmp/diag/toast.png' });
    await a.page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const r = await a.page.evaluate(async () => {
      const res = await (window as any).axe.run(document, { runOnly: ['color-contrast'] });
      return res.violations.flatMap((v: any) => v.nodes.map((n: any) => ({ t: n.target, html: n.html.slice(0, 200), msg: n.any.map((x: any) => JSON.stringify(x.data)) })));
    });
    console.log(JSON.stringify(r, null, 1));
  } finally { await browser.close(); await server.stop(); }
}, 120000);
