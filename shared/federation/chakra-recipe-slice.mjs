// The Chakra recipes the portal's Chakra surface can render, in place of Chakra's two recipe
// tables (theme/recipes.js and theme/slot-recipes.js; see ChakraRecipeSlicePlugin in
// shared-dependencies.cjs). Chakra's `defaultConfig` carries the recipes of every Chakra component
// (~115 KB minified, ~17 KB gzip of the host's first load), but only the components listed in
// chakra-surface.ts can be used in the composed portal, so only their recipes are kept: the
// approach of Chakra's "Bundle Optimization" guide, done once for every package.
//
// The keys and recipes are Chakra's own; chakraRecipeSlice.test.ts derives the set from the
// surfaced components' sources and fails when it is not exactly this one. Plain ES module, used by
// webpack only (jest and the type checker see the whole of Chakra).
import { buttonRecipe } from 'chakra-ui-react-recipes-internal/button.js';
import { headingRecipe } from 'chakra-ui-react-recipes-internal/heading.js';
import { iconRecipe } from 'chakra-ui-react-recipes-internal/icon.js';
import { inputRecipe } from 'chakra-ui-react-recipes-internal/input.js';
import { linkRecipe } from 'chakra-ui-react-recipes-internal/link.js';
import { separatorRecipe } from 'chakra-ui-react-recipes-internal/separator.js';
import { spinnerRecipe } from 'chakra-ui-react-recipes-internal/spinner.js';
import { textareaRecipe } from 'chakra-ui-react-recipes-internal/textarea.js';
import { alertSlotRecipe } from 'chakra-ui-react-recipes-internal/alert.js';
import { dialogSlotRecipe } from 'chakra-ui-react-recipes-internal/dialog.js';
import { emptyStateSlotRecipe } from 'chakra-ui-react-recipes-internal/empty-state.js';
import { fieldSlotRecipe } from 'chakra-ui-react-recipes-internal/field.js';
import { toastSlotRecipe } from 'chakra-ui-react-recipes-internal/toast.js';

export const recipes = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  dialog: dialogSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  toast: toastSlotRecipe,
};
