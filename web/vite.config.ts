import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import mantinePreset from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import type { AcceptedPlugin } from 'postcss';
import { defineConfig } from 'vite';

// The preset ships an untyped module declaration; it is a PostCSS plugin factory.
const postcssPresetMantine = mantinePreset as () => AcceptedPlugin;

const root = fileURLToPath(new URL('.', import.meta.url));
const serverPort = process.env.PORT ?? '3000';

export default defineConfig({
  root,
  plugins: [react()],
  css: {
    postcss: {
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: {
      '/app': `http://127.0.0.1:${serverPort}`,
      '/api': {
        target: `http://127.0.0.1:${serverPort}`,
        // Profile IRI look-ups are pages of the app; only machine calls go to the server.
        bypass: (req) => (req.url?.startsWith('/api/iri/') ? '/index.html' : undefined),
      },
      '/health': `http://127.0.0.1:${serverPort}`,
    },
  },
});
