// The part of Chakra UI the portal uses, provided to the federation share scope under the name
// '@chakra-ui/react'. Module federation cannot tree-shake a shared package, and the whole of
// Chakra is ~310 KB gzip, more than the host's whole budget. To use another Chakra export
// anywhere in the portal, add it here: federationSurfaces.test.ts fails on any name missing, and
// chakraRecipeSlice.test.ts names the recipes to add to chakra-recipe-slice.mjs for it (the
// composed portal carries only the recipes of the components listed here).
//
// 'chakra-ui-react-internal' is an alias of @chakra-ui/react's ESM entry (see webpack.cjs): the
// bare name would be consumed from the share scope, i.e. from this very module.
export {
  // Styled system and theming
  ChakraProvider,
  chakra,
  createSystem,
  defaultConfig,
  defineConfig,
  // Layout
  Box,
  Circle,
  Flex,
  HStack,
  Separator,
  Stack,
  VStack,
  // Typography
  Heading,
  Link,
  Text,
  // Forms
  Button,
  Field,
  IconButton,
  Input,
  Textarea,
  // Data display and feedback
  Alert,
  EmptyState,
  Icon,
  Spinner,
  // Toast, Toaster and createToaster: chakra-toast.ts, loaded with the first snackbar.
  // Overlays
  Dialog,
  Portal,
} from 'chakra-ui-react-internal';
