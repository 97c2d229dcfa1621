/** The system Chromium/Chrome executable, from CHROME_PATH or the usual install paths. */
export function findChromium(): string | undefined;
/** Launch flags proven on these machines. */
export const CHROMIUM_ARGS: string[];
/** Launch flags for tests: CHROMIUM_ARGS plus no background throttling of test pages. */
export const CHROMIUM_FOREGROUND_ARGS: string[];
