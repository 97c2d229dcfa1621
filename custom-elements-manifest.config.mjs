// custom-elements.json (built by scripts/manifest.mjs): the elements' public API from their JSDoc (@attr,
// @csspart, @cssprop, @fires) and their TypeScript, with type aliases expanded (`ListLayout` becomes
// "'list' | 'carousel' | 'grid' | 'masonry'") by the TypeScript checker, so tools such as the
// configurator (/configure) read the values each attribute takes from the code itself.
import { getTsProgram, typeParserPlugin } from '@wc-toolkit/type-parser';

export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts'],
  outdir: 'dist',
  // package.json names the shipped manifest once, by hand: the analyzer would write each run's outdir
  // there (a test's temporary directory, say).
  packagejson: false,
  litelement: true,
  overrideModuleCreation({ ts, globs }) {
    const program = getTsProgram(ts, globs, 'tsconfig.json');
    return program.getSourceFiles().filter((file) => globs.find((glob) => file.fileName.includes(glob)));
  },
  plugins: [typeParserPlugin()],
};
