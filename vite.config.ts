import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // Schemas hold plain text; RJSF's markdown renderer is not needed (see the stub for why).
      { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./src/app/vendor/plainMarkdown.tsx', import.meta.url)) },
      // Only RJSF's $ref resolution uses fast-uri; the browser's URL parser serves (see the stand-in).
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./src/app/vendor/uriResolver.ts', import.meta.url)) },
    ],
  },
  build: { outDir: 'dist', sourcemap: false, target: 'es2020' },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
