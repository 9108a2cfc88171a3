// Chakra's toaster, kept out of the shared Chakra surface (chakra-surface.ts): everything the
// surface lists is in the host's first load, and the toaster (zag's toast machine, ~4 KB gzip) is
// needed only once a snackbar is shown. SnackbarToasts, loaded with the first snackbar, takes it
// from here. '@chakra-ui/react/toast' (Chakra's own subpath) is not a shared name, so the package
// providing @portal/shared (the host) bundles it into that chunk, from the same Chakra modules as
// the surface: its components share the surface's contexts.
//
// The recipes these components read are in chakra-recipe-slice.mjs like the surface's
// (chakraRecipeSlice.test.ts reads this list too).
export {
  Toast,
  Toaster,
  createToaster,
} from '@chakra-ui/react/toast';
