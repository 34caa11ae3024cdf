/** The bare RJSF baseline page, built apart from the product (its own root and output folder). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: fileURLToPath(new URL('../../../dist-bench/bare', import.meta.url)), emptyOutDir: true, sourcemap: false, target: 'es2020' },
});
