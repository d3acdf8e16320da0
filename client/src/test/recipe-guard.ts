import { defaultConfig } from '@chakra-ui/react';
import { system } from '../theme';

/**
 * The app's Chakra system registers only the recipes of the components it uses
 * (src/theme/chakra-theme.ts). A component whose recipe is left out renders unstyled without any
 * error, so in tests asking the system for one of Chakra's recipes that it lacks throws.
 */
export function failOnMissingChakraRecipes() {
  const guard = (kind: 'recipes' | 'slotRecipes', lookup: (key: string, fallback?: unknown) => unknown) => {
    const known = defaultConfig.theme?.[kind] ?? {};
    return (key: string, fallback?: unknown) => {
      const recipe = lookup(key, fallback);
      if (recipe === undefined && key in known) {
        throw new Error(`Chakra ${kind} "${key}" is used but not registered: add it to src/theme/chakra-theme.ts`);
      }
      return recipe;
    };
  };
  system.getRecipe = guard('recipes', system.getRecipe);
  system.getSlotRecipe = guard('slotRecipes', system.getSlotRecipe);
}
