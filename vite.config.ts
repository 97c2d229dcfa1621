import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { guidesPlugin } from './scripts/guides.mjs';
import { minifyLitTemplates } from './scripts/minify-lit-templates.mjs';

/** The elements that have a script-tag entry of their own: `dist/elements/{tag}.js`. */
export const ELEMENT_TAGS = ['business-card', 'rating-summary', 'review-list', 'post-list'] as const;

/** What every script-tag build shares: ES2022, Lit's templates minified, and the output fully minified. */
function scriptTagBuild(): UserConfig {
  return {
    plugins: [minifyLitTemplates()],
    build: {
      target: 'es2022',
      minify: true,
      rolldownOptions: {
        // Let on-demand chunks (lightbox, translations) import Lit from the entry instead of splitting Lit
        // into a chunk of its own, which would cost every page an extra request.
        preserveEntrySignatures: 'allow-extension',
        // Vite keeps whitespace in ES library output (for tree-shaking downstream); these files go straight
        // to browsers, so minify them fully. License comments stay.
        output: { minify: true, comments: { legal: true, annotation: false, jsdoc: false } },
      },
    },
  };
}

/**
 * The builds with folders of their own in `dist/`, which the bundle build leaves alone: the library
 * (`lib/`, scripts/build-lib.mjs) and the compiled `npm start` server (`app/`, scripts/build-app.mjs).
 */
export const OTHER_BUILDS = ['lib', 'app'];

/**
 * Empties the output folder before the build, but for the other builds' folders: once per plugin (the ES
 * and IIFE formats are two builds; the second must not remove the first's files).
 */
function emptyOutDirBut(kept: readonly string[]): Plugin {
  let outDir = '';
  let emptied = false;
  return {
    name: 'empty-out-dir-but',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      if (emptied) return;
      emptied = true;
      if (!existsSync(outDir)) return;
      for (const entry of readdirSync(outDir))
        if (!kept.includes(entry)) rmSync(join(outDir, entry), { recursive: true, force: true });
    },
  };
}

/**
 * A second build run once the main bundles are written (once, not once per format), with the main
 * build's settings (`outDir`, `sourcemap`) in hand.
 */
function buildAfterwards(
  name: string,
  options: (main: { outDir: string; sourcemap: boolean | 'inline' | 'hidden' }) => UserConfig,
): Plugin {
  let main = { outDir: 'dist', sourcemap: false as boolean | 'inline' | 'hidden' };
  let built = false;
  return {
    name,
    apply: 'build',
    configResolved(config) {
      main = { outDir: config.build.outDir, sourcemap: config.build.sourcemap };
    },
    async closeBundle() {
      if (built) return;
      built = true;
      await build({ configFile: false, logLevel: 'warn', ...options(main) });
    },
  };
}

/** Per element entry (its tag), the chunks it imports, directly or not: file names in `elements/`. */
type ElementChunks = Record<string, string[]>;
const elementChunks: ElementChunks = {};

/**
 * The per-element entries: one ES build with an entry per element into `{outDir}/elements/`, where the
 * code two entries share (Lit, the client, the base classes) is one chunk, so a page that loads two of
 * them loads it once. Pages that show all four use `review-widgets.js`, a single file: fewer requests and
 * bytes than the four entries together.
 */
const perElementEntries = () =>
  buildAfterwards('per-element-entries', ({ outDir, sourcemap }) => {
    const shared = scriptTagBuild();
    return {
      // The loader is built once these entries are written: it preloads each entry's chunks by name.
      plugins: [...shared.plugins!, hoistTransitiveImports(elementChunks), loaderBundle(elementChunks)],
      build: {
        ...shared.build,
        outDir: `${outDir}/elements`,
        emptyOutDir: true,
        sourcemap,
        lib: {
          entry: Object.fromEntries(ELEMENT_TAGS.map((tag) => [tag, `src/elements/${tag}/define.ts`])),
          formats: ['es'],
          fileName: (_format, name) => `${name}.js`,
        },
      },
    };
  });

/**
 * Each entry imports every chunk it needs, not only those it uses itself (Rollup's
 * `hoistTransitiveImports`, which Rolldown does not have): the browser then asks for all of them as soon
 * as it has read the entry, instead of one round trip per level of the import graph (three levels for
 * review-list: 450 ms more on a phone's 150 ms round trip). Appended: imports are hoisted wherever they are
 * written, and the source map of the lines above stays true.
 */
function hoistTransitiveImports(closures: ElementChunks): Plugin {
  return {
    name: 'hoist-transitive-imports',
    generateBundle(_options, bundle) {
      const importsOf = (file: string) => (bundle[file] as Rolldown.OutputChunk | undefined)?.imports ?? [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const needed = new Set<string>();
        const visit = (file: string) => {
          for (const dependency of importsOf(file)) {
            if (needed.has(dependency)) continue;
            needed.add(dependency);
            visit(dependency);
          }
        };
        visit(chunk.fileName);
        closures[chunk.name] = [...needed].map((file) => file.replace(/\.js$/, ''));
        const from = posix.dirname(chunk.fileName);
        const hoisted = [...needed]
          .filter((dependency) => !chunk.imports.includes(dependency))
          .map((dependency) => posix.relative(from, dependency))
          .map((path) => `import${JSON.stringify(path.startsWith('.') ? path : `./${path}`)};`)
          .join('');
        if (!hoisted) continue;
        // Before the source map comment, which stays the last line.
        const end = chunk.code.lastIndexOf('\n//# sourceMappingURL=');
        const at = end === -1 ? chunk.code.length : end;
        chunk.code = `${chunk.code.slice(0, at)}\n${hoisted}${chunk.code.slice(at)}`;
      }
    },
  };
}

/**
 * The light embed's loader (src/loader/): `{outDir}/loader.js`, a few KiB that show the widgets' HTML and
 * load the bundle beside it when a visitor acts. Built on its own: it shares nothing with the bundle.
 */
const loaderBundle = (chunks: ElementChunks) =>
  buildAfterwards('loader-bundle', ({ outDir, sourcemap }) => {
    const shared = scriptTagBuild();
    return {
      // Read by src/loader/loader.ts (`ELEMENT_CHUNKS`): each entry's chunks, preloaded with it.
      define: { __RW_ELEMENT_CHUNKS__: JSON.stringify(chunks) },
      build: {
        ...shared.build,
        outDir: posix.dirname(outDir),
        emptyOutDir: false,
        sourcemap,
        lib: { entry: 'src/loader/loader.ts', formats: ['es'], fileName: () => 'loader.js' },
      },
    };
  });

/**
 * The classic-script entry (src/loader/classic-embed.ts): `{outDir}/embed.js`, an IIFE that imports the
 * loader beside it, for hosts that take no module script.
 */
const classicEmbedBundle = () =>
  buildAfterwards('classic-embed-bundle', ({ outDir, sourcemap }) => {
    const shared = scriptTagBuild();
    return {
      build: {
        ...shared.build,
        outDir,
        emptyOutDir: false,
        sourcemap,
        // (`name` is asked for by the IIFE format; with nothing exported, no global takes it.)
        lib: {
          entry: 'src/loader/classic-embed.ts',
          formats: ['iife'],
          name: 'reviewWidgetsEmbed',
          fileName: () => 'embed.js',
        },
      },
    };
  });

/**
 * The configurator of `/configure` (src/configurator/): a page of `npm start`, not part of any widget, so
 * a bundle of its own in `{outDir}/configure/`.
 */
const configuratorBundle = () =>
  buildAfterwards('configurator-bundle', ({ outDir }) => ({
    build: {
      target: 'es2022',
      outDir: `${outDir}/configure`,
      emptyOutDir: true,
      lib: { entry: 'src/configurator/main.ts', formats: ['es'], fileName: () => 'configure.js' },
    },
  }));

// The script-tag bundles: one self-contained, minified ES module (`<script type="module">`) and an IIFE
// for a classic `<script defer>`, both registering all four elements (src/define.ts); and, beside them,
// an entry per element (dist/elements/); and the manual's guides (docs/*.md), as pages beside the reference.
export default defineConfig(() => {
  const shared = scriptTagBuild();
  return {
    plugins: [
      emptyOutDirBut(OTHER_BUILDS),
      guidesPlugin(),
      ...shared.plugins!,
      perElementEntries(),
      classicEmbedBundle(),
      configuratorBundle(),
    ],
    build: {
      ...shared.build,
      outDir: 'dist',
      emptyOutDir: false,
      sourcemap: true,
      lib: {
        entry: 'src/define.ts',
        name: 'ReviewWidgets',
        formats: ['es', 'iife'],
        fileName: (format) => (format === 'es' ? 'review-widgets.js' : 'review-widgets.iife.js'),
      },
    },
  };
});
