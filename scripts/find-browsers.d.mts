/** Firefox ESR's executable (FIREFOX_PATH, else Debian's path). */
export const FIREFOX_PATH: string;
/** WebKitGTK's WebDriver (WEBKIT_DRIVER_PATH, else Debian's path). */
export const WEBKIT_DRIVER_PATH: string;
/** WebKitGTK's MiniBrowser (MINIBROWSER_PATH, else Debian's path). */
export const MINIBROWSER_PATH: string;
