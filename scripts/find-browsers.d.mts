/** Firefox ESR's executable (FIREFOX_PATH, else Debian's path). */
export const FIREFOX_PATH: string;
/** WebKitGTK's WebDriver (WEBKIT_DRIVER_PATH, else Debian's path). */
export const WEBKIT_DRIVER_PATH: string;
/** WebKitGTK's MiniBrowser (MINIBROWSER_PATH, else Debian's path). */
export const MINIBROWSER_PATH: string;
/** The session capabilities WebKitGTK's driver accepts. */
export const WEBKIT_CAPABILITIES: {
  browserName: string;
  'webkitgtk:browserOptions': { binary: string; args: string[] };
  'wdio:enforceWebDriverClassic': boolean;
};
/** Starts WebKitGTK's WebDriver on a free loopback port. */
export function startWebKitDriver(): Promise<{ port: number; stop: () => void }>;
