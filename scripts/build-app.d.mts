/** Builds the `npm start` server into `outDir` (default dist/app); resolves the path of its entry. */
export function buildApp(outDir?: string, options?: { sourcemap?: boolean }): Promise<string>;
