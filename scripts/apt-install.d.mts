/** Installs `packages` with apt-get when running as root on Debian/Ubuntu; false when it cannot. */
export function aptInstall(packages: string[]): boolean;
