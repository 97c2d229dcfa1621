/** A TCP port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number>;
