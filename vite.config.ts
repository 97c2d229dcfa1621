import { defineConfig } from 'vite';
import { minifyLitTemplates } from './scripts/minify-lit-templates.mjs';

// The script-tag bundles: one self-contained, minified ES module (`<script type="module">`) and an IIFE
// for a classic `<script defer>`. Both register every element (src/define.ts).
export default defineConfig({
  plugins: [minifyLitTemplates()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    minify: true,
    sourcemap: true,
    rolldownOptions: {
      // Let on-demand chunks (lightbox, translations) import Lit from the entry instead of splitting Lit
      // into a chunk of its own, which would cost every page an extra request.
      preserveEntrySignatures: 'allow-extension',
      // Vite keeps whitespace in ES library output (for tree-shaking downstream); this file goes straight to
      // browsers, so minify it fully. License comments stay.
      output: { minify: true, comments: { legal: true, annotation: false, jsdoc: false } },
    },
    lib: {
      entry: 'src/define.ts',
      name: 'ReviewWidgets',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'review-widgets.js' : 'review-widgets.iife.js'),
    },
  },
});
