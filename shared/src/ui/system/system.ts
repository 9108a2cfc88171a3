import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// A small portal theme on top of Chakra's defaults. `brand` is a full colour palette (tokens plus
// the semantic tokens Chakra recipes read), so any component takes `colorPalette="brand"`.
const portalConfig = defineConfig({
  globalCss: {
    'html, body': { fontFamily: 'body', color: 'fg', bg: 'bg' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f1fb' },
          100: { value: '#c6dbf4' },
          200: { value: '#9fc2eb' },
          300: { value: '#74a7e1' },
          400: { value: '#4d8ed8' },
          500: { value: '#2a74c9' },
          600: { value: '#1f5ea8' },
          700: { value: '#184a85' },
          800: { value: '#123763' },
          900: { value: '#0b2442' },
          950: { value: '#061528' },
        },
      },
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" },
        mono: { value: "'JetBrains Mono', SFMono-Regular, Menlo, Consolas, monospace" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

/** The portal's Chakra system; every React root (host and remotes) renders with it. */
export const system = createSystem(defaultConfig, portalConfig);
