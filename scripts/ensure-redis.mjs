// Makes sure a redis-server exists before the fleet tests start them (one per test, on loopback). On
// Debian/Ubuntu as root it installs the distribution's package; anywhere else it stops with one message
// saying what to install. REDIS_SERVER may name another binary (Valkey's valkey-server works too).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { REDIS_SERVER } from './find-redis.mjs';

if (existsSync(REDIS_SERVER)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('No redis-server found: installing Debian/Ubuntu package "redis-server"...');
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], {
      stdio: 'inherit',
    });
  try {
    install();
  } catch {
    // The package lists may be missing on a fresh container: refresh them once and retry.
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    install();
  }
  if (existsSync(REDIS_SERVER)) process.exit(0);
}
console.error(
  'The fleet tests need redis-server (Debian/Ubuntu: "sudo apt-get install -y redis-server"; macOS: "brew install redis"), or REDIS_SERVER set to its path.',
);
process.exit(1);
