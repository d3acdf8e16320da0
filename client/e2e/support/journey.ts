import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launchBrowser, newActor, type Actor } from './browser';
import { JourneyClock } from './clock';
import { startE2EServer, type E2EServer } from './server';

/** What the parts of a journey share: one production server with a fresh database, its clock, one browser. */
export interface JourneyWorld {
  server: E2EServer;
  clock: JourneyClock;
  browser: Browser;
}

/**
 * Sets up a journey file: a fresh production server whose test clock starts at `start`, and one
 * browser, torn down after the file.
 * - `actor(name)`: a user in their own browser context, on the journey's clock, with generous waits
 *   for a loaded machine.
 * - `part(name, fn)`: one part of the journey. Each part builds on the ones before, so after a
 *   failure the rest are skipped: the report names the step that broke instead of a cascade of timeouts.
 */
export function journey(start: Date) {
  const world = {} as JourneyWorld;
  beforeAll(async () => {
    world.server = await startE2EServer();
    world.clock = new JourneyClock(world.server);
    await world.clock.set(start);
    world.browser = await launchBrowser();
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
  });

  async function actor(name: string): Promise<Actor> {
    const a = await newActor(world.browser, name, world.server.url);
    a.context.setDefaultTimeout(30_000);
    await world.clock.attach(a);
    return a;
  }

  let brokenPart: string | null = null;
  function part(name: string, fn: () => Promise<void>) {
    it(
      name,
      async (context) => {
        if (brokenPart) context.skip(`skipped: "${brokenPart}" failed`);
        try {
          await fn();
        } catch (err) {
          brokenPart = name;
          throw err;
        }
      },
      300_000,
    );
  }

  return { world, actor, part };
}
