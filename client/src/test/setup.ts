import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { failOnMissingChakraRecipes } from './recipe-guard';

failOnMissingChakraRecipes();

// findBy*/waitFor give up after 1 s by default: too short for Chakra renders on a loaded 2-core CI
// machine (a slow render failed a correct test). A wrong page still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few browser APIs that Chakra (Zag) and next-themes use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
