import { defineConfig } from 'vite';

// React's automatic JSX runtime through esbuild: no plugin needed (and @vitejs/plugin-react
// does not install from the registry reachable here, decisions §10).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { target: 'es2020', sourcemap: true },
});
