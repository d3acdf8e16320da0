import { defineSemanticTokens, defineTokens } from '@chakra-ui/react';

/** Violet: the product's primary colour. */
const brand = {
  50: '#f5f3ff',
  100: '#ede9fe',
  200: '#ddd6fe',
  300: '#c4b5fd',
  400: '#a78bfa',
  500: '#8b5cf6',
  600: '#7c3aed',
  700: '#6d28d9',
  800: '#5b21b6',
  900: '#4c1d95',
  950: '#2e1065',
};

/** Pink: the secondary colour used in gradients and highlights. */
const accent = {
  50: '#fdf2f8',
  100: '#fce7f3',
  200: '#fbcfe8',
  300: '#f9a8d4',
  400: '#f472b6',
  500: '#ec4899',
  600: '#db2777',
  700: '#be185d',
  800: '#9d174d',
  900: '#831843',
  950: '#500724',
};

const toTokens = (scale: Record<number, string>) =>
  Object.fromEntries(Object.entries(scale).map(([step, value]) => [step, { value }]));

export const colorTokens = defineTokens.colors({
  brand: toTokens(brand),
  accent: toTokens(accent),
});

/** The semantic keys every Chakra recipe reads from `colorPalette.*`. */
const paletteSemantics = (name: 'brand' | 'accent') => ({
  solid: { value: `{colors.${name}.600}` },
  contrast: { value: 'white' },
  fg: { value: { _light: `{colors.${name}.700}`, _dark: `{colors.${name}.300}` } },
  muted: { value: { _light: `{colors.${name}.100}`, _dark: `{colors.${name}.900}` } },
  subtle: { value: { _light: `{colors.${name}.50}`, _dark: `{colors.${name}.950}` } },
  emphasized: { value: { _light: `{colors.${name}.200}`, _dark: `{colors.${name}.800}` } },
  focusRing: { value: { _light: `{colors.${name}.500}`, _dark: `{colors.${name}.400}` } },
});

export const colorSemanticTokens = defineSemanticTokens.colors({
  brand: paletteSemantics('brand'),
  accent: paletteSemantics('accent'),
  /** Translucent surfaces laid over the decorative page background. */
  surface: {
    glass: { value: { _light: 'rgba(255, 255, 255, 0.78)', _dark: 'rgba(20, 18, 32, 0.72)' } },
    raised: { value: { _light: '{colors.white}', _dark: '{colors.gray.900}' } },
  },
  /** The decorative page background and its two floating shapes. */
  decor: {
    from: { value: { _light: '{colors.brand.50}', _dark: '#0c0a17' } },
    via: { value: { _light: '{colors.white}', _dark: '#0a0a0f' } },
    to: { value: { _light: '{colors.accent.50}', _dark: '#170a14' } },
    shapeA: { value: { _light: '{colors.brand.400}', _dark: '{colors.brand.800}' } },
    shapeB: { value: { _light: '{colors.accent.300}', _dark: '{colors.accent.900}' } },
  },
});

/**
 * WCAG AA (4.5:1 for body text) where Chakra's defaults fall short on a white page: white on
 * green.600 / orange.600 (solid badges, buttons, toasts) is 3.3:1 / 3.6:1, and red.500, orange.600
 * and green.600 as text colours are 3.8:1, 3.6:1 and 3.3:1. One shade darker passes (fg.subtle too).
 */
export const contrastSemanticTokens = defineSemanticTokens.colors({
  green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
  orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
  fg: {
    error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
    warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
    success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
    /** Chakra's gray.400 is 2.5:1 on white, too faint even for an icon (3:1); gray.500 is 4.8:1. */
    subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
  },
});
