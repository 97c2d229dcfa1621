// Makes sure the programs the Node tests start or run exist: redis-server (the fleet tests start one per
// test, on loopback), and caddy and docker-compose (the deployment tests validate deploy/ with them; no
// Docker engine is needed); PHP, zip, unzip and gettext (the WordPress plugin's lint, unit tests, zip and
// translations template), and a
// WordPress with MariaDB and a theme (test/e2e/wordpress.test.ts starts them, offline). On Debian/Ubuntu as root it installs the distribution's packages; anywhere
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
  { path: '/usr/bin/php', debian: 'php-cli', elsewhere: 'brew install php' },
  { path: '/usr/bin/zip', debian: 'zip', elsewhere: 'brew install zip' },
  { path: '/usr/bin/unzip', debian: 'unzip', elsewhere: 'brew install unzip' },
  // The plugin's translations template (scripts/wordpress-plugin.ts).
  { path: '/usr/bin/xgettext', debian: 'gettext', elsewhere: 'brew install gettext' },
  { path: '/usr/share/wordpress/wp-settings.php', debian: 'wordpress', elsewhere: 'Debian only' },
  { path: '/usr/sbin/mariadbd', debian: 'mariadb-server', elsewhere: 'Debian only' },
  { path: '/etc/php/8.2/mods-available/mysqli.ini', debian: 'php-mysql', elsewhere: 'Debian only' },
  {
    path: '/usr/share/wordpress/wp-content/themes/twentytwentythree/style.css',
    debian: 'wordpress-theme-twentytwentythree',
    elsewhere: 'Debian only',
  },
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
