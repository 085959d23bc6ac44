import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import mantinePreset from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import type { AcceptedPlugin } from 'postcss';
import { defineConfig, type UserConfig } from 'vite';
import { budgetsPlugin } from '../scripts/budgets';
import { precompressPlugin } from '../scripts/precompress';

// The preset ships an untyped module declaration; it is a PostCSS plugin factory.
const postcssPresetMantine = mantinePreset as () => AcceptedPlugin;

const root = fileURLToPath(new URL('.', import.meta.url));
// Mantine and the small libraries it draws with (its charts go with the drawing library).
const MANTINE =
  /node_modules[\\/](@mantine(?![\\/]charts)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|react-number-format|react-textarea-autosize)[\\/]/;
const serverPort = process.env.PORT ?? '3000';

const config: UserConfig = {
  root,
  plugins: [
    react(),
    // br and gzip copies of the built files, which the server sends to browsers that accept them.
    precompressPlugin(),
    // Fails the build when the home page's first load or a lazy chunk exceeds its byte budget.
    budgetsPlugin(),
  ],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: each group is its own file, so a release of
        // the app leaves them in the browser's cache. A group only holds what some screen imports.
        codeSplitting: {
          groups: [
            {
              // The charts and the drawing library under them, fetched with the first chart. Last,
              // so React and Mantine, which they depend on, stay in their own groups.
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|react-redux|redux-thunk|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/,
              priority: 0,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              // Ahead of Mantine, which would otherwise take React along as its dependency.
              priority: 3,
            },
            {
              // What the first page draws with, apart from the Mantine components only other screens use.
              name: 'mantine',
              test: MANTINE,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'mantine-more', test: MANTINE, priority: 1 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/ },
          ],
        },
      },
    },
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
};

export default defineConfig(({ command }) => {
  // A build is for production whatever NODE_ENV the shell has (`.env.example` suggests
  // development for the server): Vite takes a set NODE_ENV as the kind of build, and with
  // `development` it bundles React's development build and the development JSX runtime, 64 KB
  // more gzip on the home page. It reads the variable again after loading this file, for
  // `import.meta.env.PROD`, the `process.env.NODE_ENV` it defines and the React plugin's choice.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
