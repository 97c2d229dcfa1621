// Installs Debian/Ubuntu packages when this process may (root, apt-get present): for the ensure-*
// scripts, which then check again and, if something is still missing, say what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Installs `packages` with apt-get when running as root on Debian/Ubuntu; false when it cannot. */
export function aptInstall(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!packages.length || !isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`Installing Debian/Ubuntu packages: apt-get install -y ${packages.join(' ')}...`);
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit' });
  try {
    install();
  } catch {
    // The package lists may be missing on a fresh container: refresh them once and retry.
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    install();
  }
  return true;
}
