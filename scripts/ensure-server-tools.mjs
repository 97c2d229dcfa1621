// Makes sure the programs the Node tests start or run exist: redis-server (the fleet tests start one per
// test, on loopback), and caddy and docker-compose (the deployment tests validate deploy/ with them; no
// Docker engine is needed). On Debian/Ubuntu as root it installs the distribution's packages; anywhere
// else it stops with one message saying what to install. REDIS_SERVER may name another binary (Valkey's
// valkey-server works too).
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install.mjs';
import { REDIS_SERVER } from './find-redis.mjs';

const TOOLS = [
  {
    path: REDIS_SERVER,
    debian: 'redis-server',
    elsewhere: 'brew install redis, or REDIS_SERVER set to its path',
  },
  { path: '/usr/bin/caddy', debian: 'caddy', elsewhere: 'brew install caddy' },
  { path: '/usr/bin/docker-compose', debian: 'docker-compose', elsewhere: 'pip install docker-compose' },
];

const missing = () => TOOLS.filter((tool) => !existsSync(tool.path));
if (!missing().length) process.exit(0);
if (aptInstall(missing().map((tool) => tool.debian)) && !missing().length) process.exit(0);
console.error(
  `The Node tests need: ${missing()
    .map(
      (tool) =>
        `${tool.path} (Debian/Ubuntu: "sudo apt-get install -y ${tool.debian}"; else ${tool.elsewhere})`,
    )
    .join('; ')}.`,
);
process.exit(1);
