/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import { operatorOf, type OperatorSettings } from './src/lib/operator';

/** OPERATOR_NAME, OPERATOR_FUNDING, OPERATOR_CONTACT as the web reads them, once checked. */
function operatorSettings(): Required<OperatorSettings> {
  const settings = {
    name: process.env.OPERATOR_NAME ?? '',
    funding: process.env.OPERATOR_FUNDING ?? '',
    contact: process.env.OPERATOR_CONTACT ?? '',
  };
  operatorOf(settings);
  return settings;
}

// React's automatic JSX runtime through esbuild: no plugin needed (and @vitejs/plugin-react
// does not install from the registry reachable here, docs/product/rules.md#s10).
export default defineConfig(({ isSsrBuild }) => ({
  esbuild: { jsx: 'automatic' },
  resolve: {
    // Agreements: the web imports contracts from source, through its zod-free entry.
    alias: [
      {
        find: /^@upright\/contracts$/,
        replacement: path.resolve(__dirname, '../services/contracts/src/web.ts'),
      },
      {
        // The ranking rules the contracts build on (decision 0078), from source like them.
        find: /^@upright\/ranking-rules$/,
        replacement: path.resolve(__dirname, '../services/ranking-rules/src/index.ts'),
      },
      {
        // ReactiveSearch's clients fetch through cross-fetch: the browser's fetch, asking a
        // refused or lost search again (src/search/search-fetch.ts).
        find: /^cross-fetch$/,
        replacement: path.resolve(__dirname, 'src/search/search-fetch.ts'),
      },
      {
        // The pure ranking engine's entry (tests check the preview against it).
        find: /^@upright\/rankings\/ranking-engine$/,
        replacement: path.resolve(__dirname, '../services/rankings/src/ranking-engine/index.ts'),
      },
    ],
    // One React: hoisted libraries (router, ReactiveSearch) must share the app's copy.
    dedupe: ['react', 'react-dom'],
  },
  define: {
    // docs/product/rules.md#s1: one product name, from the same variable the BFF reads.
    'import.meta.env.VITE_PRODUCT_NAME': JSON.stringify(process.env.PRODUCT_NAME || 'Upright'),
    // Who runs the site (src/lib/operator.ts): checked here, so a bad setting fails the build.
    ...Object.fromEntries(
      Object.entries(operatorSettings()).map(([key, value]) => [
        `import.meta.env.VITE_OPERATOR_${key.toUpperCase()}`,
        JSON.stringify(value),
      ]),
    ),
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  // The server renderer carries its packages (the one React of `dedupe`): the BFF's node_modules
  // hold another React, and its image needs no web packages.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        // The BFF (CommonJS) requires the server renderer (decision 0039).
        target: 'node24',
        outDir: 'dist-server',
        rollupOptions: {
          output: {
            format: 'cjs',
            entryFileNames: '[name].cjs',
            chunkFileNames: '[name]-[hash].cjs',
          },
        },
      }
    : { target: 'es2020', sourcemap: true, chunkSizeWarningLimit: 1200 },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
}));
