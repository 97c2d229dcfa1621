export const MANIFEST_PATH: string;
/** Analyses the elements and writes `{outdir}/custom-elements.json` (default dist/); returns the manifest. */
export function buildManifest(outdir?: string): unknown;
