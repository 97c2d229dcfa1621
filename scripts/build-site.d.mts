import type { HeaderRule } from '../src/server/site/asset-headers.ts';

export const SITE_DIR: string;
/** Builds the bundle and custom-elements.json into dist/, as npm start does. */
export function buildBundle(): void;
/** Assembles `out` (default dist/site) from `dist` and `demo`, writes its `_headers`; returns the rules. */
export function buildSite(options?: { dist?: string; demo?: string; out?: string }): Promise<HeaderRule[]>;
/** The header rules of a site laid out as `buildSite` makes it. */
export function siteHeaderRules(siteDir?: string): Promise<HeaderRule[]>;
/** The rules in the `_headers` format. */
export function headersFile(rules: HeaderRule[]): string;
/** Whether the bundle in dist/ was built from the current sources. */
export function bundleIsFresh(): boolean;
/** Whether the site at `out` was made from the current sources and bundle. */
export function siteIsFresh(out?: string): boolean;
