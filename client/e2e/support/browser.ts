import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (no browser download). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
}

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const ARTIFACTS_DIR = path.resolve(here, '..', 'artifacts');

/** A user in their own browser context, with the page's console kept for failure reports. */
export interface Actor {
  name: string;
  context: BrowserContext;
  page: Page;
  console: string[];
}

export async function newActor(browser: Browser, name: string, baseURL: string): Promise<Actor> {
  // A fixed locale and zone, so dates and times read the same on every machine. Reduced motion
  // stops the endless decorative animation (blurred shapes, software-rendered here), which
  // otherwise keeps a core busy per open page on a small CI machine.
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Europe/Berlin',
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // E2E_CPU_SLOWDOWN=4 runs every page's scripts four times slower: a loaded CI box, reproduced.
  const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
  if (slowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
  // What the API answered with errors, and which operations were sent: part of the failure report.
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/graphql') consoleLines.push(`[graphql →] ${r.postDataJSON()?.operationName ?? '?'} at ${new Date().toISOString()}`);
  });
  if (process.env.E2E_DEBUG === 'ws') page.on('websocket', (ws) => ws.on('framereceived', (f) => consoleLines.push(`[ws ←] ${String(f.payload).slice(0, 400)} at ${new Date().toISOString()}`)));
  page.on('response', (r) => {
    if (r.request().method() !== 'POST' || new URL(r.url()).pathname !== '/graphql') return;
    const name = r.request().postDataJSON()?.operationName ?? '?';
    void r.text().then(
      (body) => consoleLines.push(`[graphql ←] ${name} ${r.status()} ${body.slice(0, process.env.E2E_DEBUG ? 600 : 0)}${body.includes('"errors"') ? ` ${body.slice(0, 300)}` : ''} at ${new Date().toISOString()}`),
      () => undefined,
    );
  });
  return { name, context, page, console: consoleLines };
}

/**
 * Runs one named step of a journey. On failure it saves a screenshot and the console log of every
 * actor under e2e/artifacts/ and rethrows with the step's name, so the report says where it broke.
 */
export async function step<T>(name: string, actors: Actor[], fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await fn();
    // Each step's time in the report, to see which one a slow machine stretches.
    process.stdout.write(`  ✓ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    return result;
  } catch (err) {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase().slice(0, 80);
    for (const actor of actors) {
      await actor.page.screenshot({ path: path.join(ARTIFACTS_DIR, `${slug}--${actor.name}.png`), fullPage: true }).catch(() => {});
      await writeFile(path.join(ARTIFACTS_DIR, `${slug}--${actor.name}.console.log`), actor.console.join('\n')).catch(() => {});
    }
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`Step failed: "${name}"\n${message}\n(artifacts in client/e2e/artifacts/${slug}--*)`);
  }
}

let axeSource: string | undefined;

/** axe-core injected into the page: no serious or critical violations allowed. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(`Accessibility violations on ${label}:\n${violations.join('\n')}`);
}

/** axe-core's serious and critical findings on the page as it is now, each with where it is (none: []). */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Colours are read mid-fade otherwise (tab panels, dialogs and toasts animate in, a button fades
  // from its disabled look): jump every finite animation and transition to its end state. Waiting
  // for them is not enough on a loaded machine, where a starved page may not draw a frame for
  // seconds and a 200 ms transition has not even started. Endless ones (spinners) are left running.
  // An animation may also start a frame or two after the step's last action (an accordion opens
  // on its next frame), so finish, let two frames pass, and look again until nothing is fading.
  await page.evaluate(async () => {
    const finite = () => document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity && a.playState !== 'finished');
    // (a page that draws no frames, e.g. one the browser treats as hidden, must not stall the check)
    const nextFrame = () => new Promise((resolve) => (requestAnimationFrame(resolve), setTimeout(resolve, 100)));
    for (let round = 0; round < 20; round++) {
      for (const animation of finite()) {
        try {
          animation.finish();
        } catch {
          // an animation that cannot be finished (paused at rate 0) is not fading anything in
        }
      }
      await nextFrame();
      await nextFrame();
      if (finite().length === 0) return;
    }
  });
  // evaluate() runs through the DevTools protocol, so the page's CSP stays fully in force. Once
  // per document: a second look at the same page (another width) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Check = { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null };
    type Node = { target: string[]; html: string; any: Check[] };
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Node[] }> }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    // Where it is: the selector, the start of the element's HTML and, for contrast, the colours.
    const describe = (n: Node) => {
      const contrast = n.any.map((c) => c.data).find((d) => d && d.contrastRatio !== undefined);
      const colours = contrast ? ` [${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio}:1]` : '';
      return `${n.target.join(' ')} ${n.html.slice(0, 120)}${colours}`;
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact}: ${v.id} — ${v.help}\n    ${v.nodes.slice(0, 3).map(describe).join('\n    ')}`);
  });
}
