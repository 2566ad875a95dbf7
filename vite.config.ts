/**
 * One config, four modes (`vite build --mode <mode>`; `scripts/build.mjs` runs them in order):
 *
 * - `production` (default): every widget's lazy entry (`src/widgets/<name>/index.ts`) as an ES
 *   module with a content-hashed name under `dist/chunks/`, plus one shared `framework` chunk
 *   (Preact with React's API, signals, `src/ui`, `src/state`). Writes the manifest the
 *   loader build reads.
 * - `loader`: `src/loader/index.ts` as ONE classic script, `dist/vitrine.js`, safe as
 *   `<script async>`. It imports no framework; it knows the hashed chunk names at build time
 *   (`__VITRINE_CHUNKS__`) and loads them with dynamic `import()` from its own URL.
 * - `react`: the same widgets against real React, for `npm run perf` (bytes ratio only).
 * - `test`: vitest; components run under real React (no preset, no aliases); the provider's
 *   tests run a second time on PostgreSQL when `VITRINE_TEST_PG_ADMIN_URL` names a server.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import preact from '@preact/preset-vite';
import { COMPILE_HINT } from './server/lib/compileHint.ts';

const root = import.meta.dirname;
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
/** Output folder; `VITRINE_OUT_DIR` lets parallel work build elsewhere (tests then pass VITRINE_DIST_DIR). */
const OUT_DIR = resolve(root, process.env.VITRINE_OUT_DIR || 'dist');
const MANIFEST = resolve(OUT_DIR, '.vite/manifest.json');

/**
 * Every `src/widgets/<name>/index.ts` is a lazy entry named after its folder, plus its lazy parts;
 * `core` is the loader's second stage (the settings' full validation, planning and mounting the
 * widgets, src/loader/mountPage.ts), in one chunk with the code the widgets share, the request
 * wrapper included (see the `core` group below).
 */
function widgetEntries(): Record<string, string> {
  const dir = resolve(root, 'src/widgets');
  const entries: Record<string, string> = { core: resolve(root, 'src/loader/mountPage.ts') };
  for (const name of readdirSync(dir)) {
    const file = resolve(dir, name, 'index.ts');
    if (existsSync(file)) entries[name] = file;
    // Lazy parts (`lazy/<part>.ts`) are entries too, named `<widget>.<part>`: widgets load them
    // with `ctx.load` and their URL (`lazyParts` below), so Vite never adds its preload helper to
    // a widget chunk.
    const lazy = resolve(dir, name, 'lazy');
    if (existsSync(lazy)) for (const part of readdirSync(lazy)) entries[`${name}.${part.replace(/\.tsx?$/, '')}`] = resolve(lazy, part);
  }
  return entries;
}

interface ManifestEntry {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The loader's view of the widget build: chunk name -> [its content hash, ...chunks it imports],
 * the files being `chunks/<name>-<hash>.js` and `chunks/<import>.js` under the asset base. The
 * loader imports them alongside the chunk, so the framework chunk downloads in parallel with the
 * widget instead of after it.
 */
function chunkMap(): Record<string, string[]> {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} missing: run the widget build first (npm run build).`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestEntry>;
  const map: Record<string, string[]> = {};
  for (const entry of Object.values(manifest)) {
    if (!entry.isEntry || !entry.name) continue;
    const seen = new Set<string>();
    const walk = (key: string): void => {
      for (const dep of manifest[key]?.imports ?? []) {
        const file = manifest[dep]?.file;
        if (file && !seen.has(file)) {
          seen.add(file);
          walk(dep);
        }
      }
    };
    // A lazy part (`<widget>.<part>`) is loaded by its widget through its URL (`lazyParts`): the
    // loader needs nothing of it.
    if (entry.name.includes('.')) continue;
    const key = Object.keys(manifest).find((k) => manifest[k] === entry)!;
    walk(key);
    // Stored without what the loader can add back: the folder, the extension and, for the
    // entry's own file, its name (`reviews-BF5B4ihy` -> `BF5B4ihy`). The imports in one order
    // (sorted) whatever the manifest's: the same lists repeat as the same text, which gzip
    // stores once.
    const short = (f: string) => f.replace(/^chunks\/|\.js$/g, '');
    map[entry.name] = [short(entry.file).slice(entry.name.length + 1), ...[...seen].map(short).sort()];
  }
  return map;
}

/**
 * `import part from './lazy/form?part'`: the name under which a widget loads its lazy part
 * (`lazy/<part>.ts`, its own chunk) with `ctx.load(part)`. In a build it is the chunk's file name
 * without the extension, `reviews.form-<hash>`, which the loader imports from its `chunks/` folder;
 * the bundler keeps every content hash right, so the loader's chunk map, on every page, carries no
 * part. Without a build (`build: false`, vitest) it is the part's name, `reviews.form`, which test
 * contexts resolve to the source module.
 */
function lazyParts(build: boolean): Plugin {
  const PREFIX = '\0vitrine-part:';
  return {
    name: 'vitrine-lazy-part',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('?part')) return null;
      const resolved = await this.resolve(source.slice(0, -'?part'.length), importer, { skipSelf: true });
      // One module per importer: a part two chunks name (the commerce chunk's product part, which
      // the offer card loads too) is then inlined in each, not a shared chunk of its own holding
      // just the name. The part itself is one chunk: Rollup emits a module once.
      return resolved && `${PREFIX}${resolved.id}\0${importer}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length).split('\0')[0]!;
      const name = `${basename(dirname(dirname(file)))}.${basename(file).replace(/\.tsx?$/, '')}`;
      if (!build) return `export default ${JSON.stringify(name)};`;
      const reference = this.emitFile({ type: 'chunk', id: file, name });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    // The file name alone (`chunks/reviews.form-<hash>.js` -> `reviews.form-<hash>`), not a URL;
    // other files (the flag sprite) keep Vite's URLs.
    resolveFileUrl: ({ moduleId, fileName }) =>
      moduleId.startsWith(PREFIX) ? JSON.stringify(basename(fileName).replace(/\.js$/, '')) : null,
  };
}

const define = { __VITRINE_VERSION__: JSON.stringify(pkg.version) };

/**
 * Production aliases, in place of the Preact preset's (`react` -> `preact/compat`): React's API as
 * the widgets use it on Preact's core (src/ui/reactOnPreact.ts: compat without its support of React
 * libraries, 1.75 kB gzip less in the framework chunk), signals for Preact, and a no-op for the
 * React-only `useSignals` runtime. A React API the stand-in lacks (`forwardRef`, `createPortal`…)
 * fails the build (a missing export) instead of shipping compat or React.
 */
const preactAliases = [
  { find: /^react(-dom)?(\/client)?$/, replacement: resolve(root, 'src/ui/reactOnPreact.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^@preact\/signals-react\/runtime$/, replacement: resolve(root, 'src/state/useSignalsNoop.ts') },
  { find: /^@preact\/signals-react$/, replacement: '@preact/signals' },
];

/** terser with three compress passes: about 5% smaller than the default minifier on this code. */
const TERSER = { ecma: 2020, module: false, compress: { passes: 3 }, format: { comments: false } } as const;

/** The commerce services' modules in `src/core/` (their own chunk group, see below). */
const COMMERCE_CORE = '(atcButton|cart\\w+|pageProduct|product\\w+|selectedVariant|variantWatcher)';

/**
 * The code the widgets share, in `core` with the second stage: `src/core/` but the commerce
 * services (their own group), announceInteraction (only framework widgets fire it: it rides with
 * them) and the stylesheet wait (only owner chunks use it); plus the lazy mount and the star shapes.
 */
const SHARED_CORE = new RegExp(
  `src[\\\\/](core[\\\\/](?!${COMMERCE_CORE}\\.ts$|lib[\\\\/](announceInteraction|whenStylesheetsLoaded))|loader[\\\\/]lazyMount|ui[\\\\/]starPaths)`,
);

/**
 * Modules of `src/core/` that one chunk alone imports, so they stay in it rather than cost every
 * page: the page reading and stats URL of the star snippets, money and cookies (the currency
 * converter), the bot check (reporting), the editor's data (preview badge). A group has no
 * "shared by two chunks" rule of its own once it takes an entry's modules too; `core`'s size
 * limit says when a new one is missing here.
 */
const ONE_OWNER = /src[\\/]core[\\/](pageContext|money|cookies|bots|lib[\\/](productStatsUrl|editorData))\.ts$/;

/**
 * Chunks nearly every function of which runs as soon as they load: those every page runs at start
 * (the loader's second stage with the shared core and the request wrapper, the star snippets,
 * reporting with tracking, content protection) and the framework, which a Preact widget's first
 * render goes through. `core`'s shared code defines only, but its functions run at once in the
 * chunks that import it, which compiled each of them on the main thread at its first call: CPU
 * profiles at 4x, 12 loads per page, the own time of `core` and of the second stage (then
 * `mount`) 13.5 -> 10.6 ms (home), 13.6 -> 8.8 (collection), 31.5 -> 24.4 (product), for 18 B of
 * gzip (`starFills` paid 8). Not the widgets themselves yet: the currency converter's benchmark did
 * not move, and the reviews chunk has no bytes to spare.
 */
const COMPILE_WHOLE = new Set(['core', 'star-snippets', 'reporting', 'content-protection', 'framework']);

const widgetOutput = {
  entryFileNames: 'chunks/[name]-[hash:6].js',
  chunkFileNames: 'chunks/[name]-[hash:6].js',
  assetFileNames: 'chunks/[name]-[hash:6][extname]',
  // V8's compile hint (other engines read a comment): compile every function of the file with
  // the file, which Chromium does for module scripts on a background thread. Without it each
  // function is parsed twice, the second time on the main thread at its first call.
  // Lighthouse, 5 interleaved rounds, bootup at 4x: reporting 52 -> 40 ms (home), 49 -> 47
  // (collection), 56 -> 47 (product); the star snippets 23 -> 16 (collection), 25 -> 22 (product);
  // the background parse of a collection page 7.7 -> 10.5 ms (real time). The loader has it too
  // (its build, below).
  // The framework: the reviews widget's benchmark, 2 interleaved runs of 5 rounds, `mount`
  // returning 3.8 / 4.1 -> 3.3 / 2.7 ms, 100 review cards rendered 50 / 49 -> 46.8 / 47.1 ms.
  // No banner at all for the others: rolldown puts a line break before the code even for an empty
  // one (1-6 B of gzip a chunk); its type says string, but it reads a missing one as none.
  postBanner: (chunk: { name: string }) => (COMPILE_WHOLE.has(chunk.name) ? COMPILE_HINT : (undefined as unknown as string)),
};

export default defineConfig(({ mode }) => {
  if (mode === 'test') {
    const shared = {
      environment: 'node',
      restoreMocks: true,
      // Globals a test stubs (fetch, IntersectionObserver…) are put back after each test.
      unstubGlobals: true,
      // A temporary directory per run, removed at its end (the provider's tests make hundreds).
      globalSetup: ['test/unit/tempRoot.ts'],
    };
    const projects: TestProjectInlineConfiguration[] = [
      { extends: true, test: { ...shared, name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'] } },
    ];
    // The provider's suite again on PostgreSQL, when a server is there (scripts/test.mjs starts a
    // throwaway one and sets VITRINE_TEST_PG_ADMIN_URL).
    if (process.env.VITRINE_TEST_PG_ADMIN_URL) {
      projects.push({
        extends: true,
        test: { ...shared, name: 'server-postgres', include: ['test/unit/server/**/*.test.ts'], env: { VITRINE_TEST_ENGINE: 'postgres' } },
      });
    }
    return { define: { ...define, __VITRINE_CHUNKS__: '{}' }, plugins: [lazyParts(false)], test: { projects } };
  }

  if (mode === 'loader') {
    return {
      define: { ...define, __VITRINE_CHUNKS__: JSON.stringify(chunkMap()) },
      build: {
        outDir: OUT_DIR,
        emptyOutDir: false,
        // ES2020 (?. and ??) is what every browser with dynamic import() also has; older ones
        // never ran the widgets anyway.
        target: 'es2020',
        modulePreload: false,
        copyPublicDir: false,
        minify: 'terser',
        terserOptions: TERSER,
        // The compile hint (see `widgetOutput`) on the loader too: async, it is compiled on a
        // background thread as it downloads, so the hint moves the first calls' compiles there.
        // Lighthouse's tasks at 4x, 8 runs (home and product): the start task 16.6 -> 10.4 ms
        // (medians), the script's own evaluation not longer. It must stay the first line: the
        // provider writes the shop's settings after it (server/provider/loader.ts).
        rolldownOptions: { optimization: { inlineConst: { mode: 'all', pass: 2 } }, output: { postBanner: COMPILE_HINT } },
        lib: {
          entry: resolve(root, 'src/loader/index.ts'),
          formats: ['iife'],
          name: 'VitrineLoader',
          fileName: () => 'vitrine.js',
        },
      },
    };
  }

  const react = mode === 'react';
  return {
    define: { ...define, __VITRINE_CHUNKS__: '{}' },
    plugins: [lazyParts(true), ...(react ? [] : [preact({ devToolsEnabled: false, prefreshEnabled: false, reactAliasesEnabled: false })])],
    resolve: { alias: react ? [] : preactAliases },
    oxc: react ? { jsx: { runtime: 'automatic' } } : undefined,
    build: {
      outDir: react ? resolve(root, 'perf/out/react-dist') : OUT_DIR,
      emptyOutDir: true,
      target: 'es2020',
      manifest: !react,
      minify: 'terser',
      terserOptions: TERSER,
      modulePreload: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: widgetEntries(),
        // The `core` entry (the loader's second stage) is also the chunk the widgets import the
        // shared code from, so its exports may be more than the entry's own.
        preserveEntrySignatures: 'allow-extension',
        checks: { pluginTimings: false },
        // Inline every imported constant (src/core/constants.ts): otherwise two widgets sharing
        // one number get a 60-byte common chunk, one more request on a slow phone.
        optimization: { inlineConst: { mode: 'all', pass: 2 } },
        output: {
          ...widgetOutput,
          codeSplitting: {
            groups: [
              {
                // One chunk at start on every page: the loader's second stage (src/loader/
                // mountPage.ts, its entry) and the framework-free code that the widgets share
                // (constants, the settings walker and shared sections, storage, star shapes, mount
                // points, wait-for-object), the request wrapper included. As two chunks (`mount` and
                // `core`, 3.3 + 3.4 kB) every page paid one more import and one more module task for
                // the same bytes. Lighthouse, 8 interleaved rounds, our bootup at 4x: 63.3 -> 45.3 ms
                // (product), 66.6 -> 59.4 ms (home); 6,688 -> 6,139 B of gzip for the two. The
                // request wrapper was a chunk of its own (`services`, 1.2 kB), which every page with
                // stars imported at start too: one file fewer there, and in one file the three are
                // 371 B smaller (a product page's first view: 22,003 -> 21,599 B, 6 -> 5 files). A
                // page that makes no request at start carries its 0.8 kB.
                name: 'core',
                // The second stage comes with what it imports (the group takes a captured module's
                // imports too).
                test: (id: string) => /src[\\/]loader[\\/]mountPage\.ts$/.test(id) || (SHARED_CORE.test(id) && !ONE_OWNER.test(id)),
              },
              {
                name: 'framework',
                // The stack every Preact widget needs, plus the glue they all share: rendering into
                // a shadow root and the signals that hold cart, currency and review state. After
                // `core`: a group takes the modules its captured modules import, and the first group
                // that takes a module keeps it; the error collector (src/core/errors.ts, which
                // guard.tsx imports) must stay in `core`, or the framework-free chunks (reporting,
                // commerce) would import the framework.
                // announceInteraction too: only framework widgets fire it, so it rides with them
                // instead of costing every page with stars (in `core`).
                test: /node_modules[\\/](preact|@preact|react|react-dom|scheduler)[\\/]|src[\\/](state[\\/]|ui[\\/](renderInShadow|guard|reactOnPreact)|core[\\/]lib[\\/]announceInteraction)/,
              },
              {
                // The commerce services (product data, selected variant, add-to-cart button, cart):
                // in the commerce chunks while only they import them; once a second widget does
                // (the offer card), in a chunk of their own, never in `core`, which every page with
                // stars loads. After `core` and `framework`, which keep what these import.
                name: 'commerce-core',
                test: new RegExp(`src[\\\\/]core[\\\\/]${COMMERCE_CORE}\\.ts$`),
                minShareCount: 2,
              },
            ],
          },
        },
      },
    },
  };
});
