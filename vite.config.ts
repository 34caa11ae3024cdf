import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { unusedRjsf } from './scripts/rjsf-unused.ts';

const stub = (file: string) => fileURLToPath(new URL(`./src/app/vendor/${file}`, import.meta.url));

/** RJSF's parts our forms never reach (scripts/rjsf-unused.ts, with why) are stand-ins where their folder's index
 *  imports them. A part its index no longer imports (a new RJSF) fails the build, so the list cannot go stale. */
function withoutUnusedRjsf(): Plugin {
  const byModule = new Map(unusedRjsf.map((m) => [m.module, m]));
  const replaced = new Set<string>();
  let rjsfBundled = false;
  return {
    name: 'without-unused-rjsf',
    enforce: 'pre',
    // The development server takes RJSF whole (its dependencies are pre-bundled).
    apply: 'build',
    buildStart() {
      replaced.clear();
      rjsfBundled = false;
    },
    resolveId(source, importer) {
      const folder = /@rjsf\/core\/lib\/components\/(.+)\/index\.js$/.exec(importer?.replace(/\\/g, '/') ?? '')?.[1];
      if (!folder) return null;
      rjsfBundled = true;
      const unused = byModule.get(`${folder}/${source.replace(/^\.\//, '').replace(/\.js$/, '')}`);
      if (!unused) return null;
      replaced.add(unused.module);
      return stub(unused.stub ?? 'Unsupported.tsx');
    },
    buildEnd(error) {
      // (The server-side build leaves RJSF out of its bundle.)
      const missed = unusedRjsf.filter((m) => !replaced.has(m.module)).map((m) => m.module);
      if (!error && rjsfBundled && missed.length) this.error(`RJSF no longer imports ${missed.join(', ')} from its index: update scripts/rjsf-unused.ts`);
    },
  };
}

/** React Router's production build declares its components as `var Link = React.forwardRef(…)` and names them
 *  after (`Link.displayName = …`): the bundler cannot tell those are free of effects, so every component stays in
 *  the welcome page's script, used or not (NavLink, Form, the prefetching links…). Marking the calls pure and
 *  leaving out the names (which only developer tools read) lets it drop what no page uses. */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      const marked = code.replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2').replace(/^\w+\.displayName = "\w+";$/gm, '');
      // A new React Router written otherwise fails the build here rather than quietly growing the welcome page.
      if (marked === code && code.includes('.forwardRef(')) this.error(`${id}: React Router no longer declares its components as this plugin expects: update it`);
      return marked;
    },
  };
}

/** The chunks a step's presses run (React, RJSF and the engine) are compiled as they download, all of them, rather
 *  each function on the main thread the first time it runs: a Next with errors ran some 140 functions for the first
 *  time, 15 to 20 ms of compiling at the phone profile. V8 compiles a script's functions eagerly, off the main thread
 *  while it streams, when its first line is the magic comment `//# allFunctionsCalledOnLoad` (Chrome 136; other
 *  browsers read a comment). Added once the files are written: Vite puts its own first line in a chunk as it writes it.
 *  The wire validator too: fetched ahead on step 4, it checks the enrollment as the 'Verifying Information' dialog
 *  is drawn, and compiling its one large function then took 30 to 60 ms at the phone profile. */
function compiledOnLoad(chunks: readonly string[]): Plugin {
  return {
    name: 'compiled-on-load',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !chunks.includes(file.name)) continue;
        const path = join(options.dir!, file.fileName);
        writeFileSync(path, `//# allFunctionsCalledOnLoad\n${readFileSync(path, 'utf8')}`);
      }
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [withoutUnusedRjsf(), reactRouterTreeShaking(), react(), ...(isSsrBuild ? [] : [compiledOnLoad(['index', 'Wizard', 'wire.validator'])])],
  resolve: {
    alias: [
      // Schemas hold plain text; RJSF's markdown renderer is not needed (see the stub for why).
      { find: /^markdown-to-jsx(\/react)?$/, replacement: stub('plainMarkdown.tsx') },
      // Only RJSF's $ref resolution uses fast-uri; the browser's URL parser serves (see the stand-in).
      { find: /^fast-uri$/, replacement: stub('uriResolver.ts') },
      // The precompiled validators' one Ajv runtime import, as an ES module (see the stand-in for why).
      { find: /^ajv\/dist\/runtime\/ucs2length\.js$/, replacement: stub('ucs2length.ts') },
      // React Router's package exports only its development build (its own Vite plugin swaps in the production one,
      // without its warnings and checks); the shipped client takes the production build, as React's does.
      ...(command === 'build' && !isSsrBuild ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : []),
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
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                // What the first page needs is one file: the entry, React and the bundler's runtime together (left
                // alone, rolldown puts React, which the lazy screens share, in a chunk of its own).
                { name: 'index', tags: ['$initial'] },
                // What every precompiled validator imports, in one file rather than three (the review and thank-you
                // screens share the dates, which would split them off).
                { name: 'formats', test: /(src[\\/]domain[\\/](formats|dates)|src[\\/]app[\\/]vendor[\\/]ucs2length)\.ts$/ },
              ],
            },
          },
        },
      },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
}));
