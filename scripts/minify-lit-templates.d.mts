import type { Plugin } from 'vite';

/** Minifies the CSS and collapses the indentation of Lit's tagged templates in the script-tag bundles. */
export function minifyLitTemplates(): Plugin;
