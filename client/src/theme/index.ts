import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { toastAnatomy } from '@chakra-ui/react/anatomy';
import { colorSemanticTokens, colorTokens, contrastSemanticTokens } from './palette';
import { chakraTheme } from './chakra-theme';

const systemFontStack =
  'ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand', scrollBehavior: 'smooth', _motionReduce: { scrollBehavior: 'auto' } },
    body: { minHeight: '100dvh' },
    // A busy button keeps its name. Chakra draws the spinner over the label and hides the label
    // with `visibility: hidden`, which also takes it out of the accessibility tree: a busy
    // "Search" became an unnamed button (axe button-name, critical). The label stays in the tree,
    // painted transparent under the spinner, so it is read as "Search" (busy, disabled).
    'button[data-loading] > span > div + span': { visibility: 'visible !important', color: 'transparent !important' },
  },
  theme: {
    tokens: {
      colors: colorTokens,
      fonts: {
        heading: { value: systemFontStack },
        body: { value: systemFontStack },
      },
    },
    semanticTokens: {
      colors: { ...colorSemanticTokens, ...contrastSemanticTokens },
    },
    slotRecipes: {
      // WCAG AA: the toast's description at 80% opacity on a solid colour falls under 4.5:1.
      toast: {
        slots: toastAnatomy.keys(),
        base: { description: { opacity: 1 } },
      },
    },
    keyframes: {
      float: {
        '0%, 100%': { transform: 'translate3d(0, 0, 0) scale(1)' },
        '50%': { transform: 'translate3d(0, -28px, 0) scale(1.06)' },
      },
    },
  },
});

/**
 * The single Chakra system of the app: Chakra's default preset (with only the recipes of the
 * components we use, see ./chakra-theme) + the CollabHub palette.
 */
export const system = createSystem(defaultBaseConfig, chakraTheme, config);
