import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const stub = (file: string) => fileURLToPath(new URL(`./src/app/vendor/${file}`, import.meta.url));

/** RJSF's field registry imports array and layout-grid fields; our step schemas have neither (the build checks). */
function withoutUnusedRjsfFields(): Plugin {
  const unused = /^\.\/(ArrayField|LayoutGridField|LayoutHeaderField|LayoutMultiSchemaField)\.js$/;
  return {
    name: 'without-unused-rjsf-fields',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.replace(/\\/g, '/').endsWith('@rjsf/core/lib/components/fields/index.js') && unused.test(source)) return stub('UnsupportedField.tsx');
      return null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [withoutUnusedRjsfFields(), react()],
  resolve: {
    alias: [
      // Schemas hold plain text; RJSF's markdown renderer is not needed (see the stub for why).
      { find: /^markdown-to-jsx(\/react)?$/, replacement: stub('plainMarkdown.tsx') },
      // Only RJSF's $ref resolution uses fast-uri; the browser's URL parser serves (see the stand-in).
      { find: /^fast-uri$/, replacement: stub('uriResolver.ts') },
      // The precompiled validators' one Ajv runtime import, as an ES module (see the stand-in for why).
      { find: /^ajv\/dist\/runtime\/ucs2length\.js$/, replacement: stub('ucs2length.ts') },
    ],
  },
  // Partner logos, copied there by the build (scripts/compile-validators.ts) from each partner's folder.
  publicDir: 'generated/public',
  // The server-side renderer (src/app/ssr.tsx) is one file, so each copy the server loads per variant holds all of
  // its own modules (a shared chunk would be shared between variants).
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: false, copyPublicDir: false, sourcemap: false, target: 'node20', rollupOptions: { output: { codeSplitting: false } } }
    : {
        outDir: 'dist',
        sourcemap: false,
        target: 'es2020',
        // No modulepreload polyfill: a browser without modulepreload (Safari before 17) fetches a lazy screen's chunks
        // as it meets them, a little later, rather than every browser loading the polyfill (0.2 KB of gzip).
        modulePreload: { polyfill: false },
        // What the first page needs is one file: the entry, React and the bundler's runtime together (left alone,
        // rolldown puts React, which the lazy screens share, in a chunk of its own).
        rollupOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
      },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
}));
