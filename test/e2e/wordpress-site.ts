// A real WordPress for the end-to-end tests, offline and started by the test itself: Debian's `wordpress`
// (6.1) under PHP's built-in server, its database a MariaDB started in a temporary folder (its own socket,
// no network port), the site installed through wp-admin/install.php as a new owner would. Nothing is
// written outside the temporary folder; `close()` stops both servers and removes it.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { spawnGroup } from '../../scripts/dev-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';

/** Debian's WordPress, and its theme package. */
const WORDPRESS = '/usr/share/wordpress';
const THEME = 'twentytwentythree';

export const WP_ADMIN = { user: 'owner', password: 'a-long-test-password-2026' };

export interface WordPressSite {
  /** The site's address, `http://127.0.0.1:{port}` (another origin than the proxy's `localhost`). */
  url: string;
  /** The site's folder (its wp-content/plugins/ is where a plugin is put by hand). */
  root: string;
  /** Runs one SQL statement in the site's database; its output, tab-separated. */
  sql(statement: string): string;
  close(): Promise<void>;
}

/** Waits until `ready()` holds (at most 30 s), else throws saying `what`. */
async function until(ready: () => boolean | Promise<boolean>, what: string, child?: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (!(await ready())) {
    if (child?.exitCode != null) throw new Error(`${what}: the process exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the site. `gzip`: its pages compressed (PHP's zlib.output_compression), as a host serves them;
 * off by default (the tests read the pages as PHP writes them).
 */
export async function startWordPress({ gzip = false } = {}): Promise<WordPressSite> {
  const dir = mkdtempSync(join(tmpdir(), 'rw-wordpress-'));
  // Each server in a process group of its own, guarded (spawnGroup): PHP's workers and MariaDB end with the
  // test, however it ends.
  const groups: { stop(): Promise<unknown> }[] = [];
  const close = async () => {
    for (const group of groups.reverse()) await group.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The database: a MariaDB of its own, on a socket in the folder.
    const datadir = join(dir, 'db');
    const socket = join(dir, 'db.sock');
    const user = userInfo().username;
    execFileSync(
      'mariadb-install-db',
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--user=${user}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ],
      { stdio: 'pipe' },
    );
    const { child: database, ...databaseGroup } = spawnGroup(
      '/usr/sbin/mariadbd',
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--socket=${socket}`,
        `--pid-file=${join(dir, 'db.pid')}`,
        `--user=${user}`,
        '--skip-networking',
        '--innodb-buffer-pool-size=32M',
        '--skip-log-bin',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    groups.push(databaseGroup);
    let databaseLog = '';
    database.stderr!.on('data', (chunk: Buffer) => (databaseLog += String(chunk)));
    const sql = (statement: string, database = '') =>
      execFileSync(
        'mariadb',
        ['--no-defaults', `--socket=${socket}`, '-uroot', '-N', '-e', statement, database],
        {
          encoding: 'utf8',
          stdio: 'pipe',
        },
      );
    await until(
      () => {
        try {
          sql('SELECT 1');
          return true;
        } catch {
          return false;
        }
      },
      `MariaDB (${databaseLog.slice(-500)})`,
      database,
    );
    sql('CREATE DATABASE wordpress');

    // The site: Debian's files linked into a folder of its own, with our wp-config.php and wp-content.
    const root = join(dir, 'site');
    mkdirSync(root);
    for (const entry of readdirSync(WORDPRESS))
      if (entry !== 'wp-config.php' && entry !== 'wp-content')
        symlinkSync(join(WORDPRESS, entry), join(root, entry));
    mkdirSync(join(root, 'wp-content', 'plugins'), { recursive: true });
    mkdirSync(join(root, 'wp-content', 'themes'));
    mkdirSync(join(root, 'wp-content', 'uploads'));
    symlinkSync(join(WORDPRESS, 'wp-content', 'themes', THEME), join(root, 'wp-content', 'themes', THEME));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const salts = ['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE']
      .flatMap((name) => [`${name}_KEY`, `${name}_SALT`])
      .map((name) => `define('${name}', '${randomBytes(24).toString('hex')}');`)
      .join('\n');
    writeFileSync(
      join(root, 'wp-config.php'),
      `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${socket}');
define('DB_CHARSET', 'utf8mb4');
define('WP_HOME', '${url}');
define('WP_SITEURL', '${url}');
define('WP_CONTENT_DIR', '${join(root, 'wp-content')}');
define('FS_METHOD', 'direct');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
// Offline: WordPress asks nothing of the internet (only this machine: the site, and the proxy).
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', false);
define('WP_DEBUG_LOG', '${join(dir, 'debug.log')}');
${salts}
$table_prefix = 'wp_';
require_once ABSPATH . 'wp-settings.php';
`,
    );
    // PHP's built-in server with a router: ABSPATH is this folder (Debian's files would otherwise resolve
    // their own, through the links, and read Debian's /etc/wordpress configuration).
    const router = join(dir, 'router.php');
    writeFileSync(
      router,
      `<?php
define('ABSPATH', ${JSON.stringify(`${root}/`)});
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$file = ABSPATH . ltrim($path, '/');
if (is_dir($file)) $file = rtrim($file, '/') . '/index.php';
if (is_file($file) && !str_ends_with($file, '.php')) return false;
if (!is_file($file)) { $file = ABSPATH . 'index.php'; $path = '/index.php'; }
$_SERVER['SCRIPT_FILENAME'] = $file;
$_SERVER['SCRIPT_NAME'] = $_SERVER['PHP_SELF'] = '/' . ltrim(substr($file, strlen(ABSPATH)), '/');
chdir(dirname($file));
require $file;
`,
    );
    const { child: php, ...phpGroup } = spawnGroup(
      'php',
      [
        '-d',
        'upload_max_filesize=20M',
        '-d',
        'post_max_size=20M',
        ...(gzip ? ['-d', 'zlib.output_compression=On'] : []),
        '-S',
        `127.0.0.1:${port}`,
        '-t',
        root,
        router,
      ],
      { env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' }, stdio: ['ignore', 'ignore', 'ignore'] },
    );
    groups.push(phpGroup);
    await until(
      () =>
        fetch(`${url}/wp-login.php`, { redirect: 'manual' }).then(
          () => true,
          () => false,
        ),
      'PHP',
      php,
    );

    // Installed as a new owner does it: wp-admin/install.php's form. Once in a CI run beside another, its
    // answer never came (the request failed at undici's 300 s bound): each try is bounded at 90 s and a
    // failed one is tried again; a try that installed but answered late leaves "Already Installed", whose
    // page also links to wp-login.php.
    const install = () =>
      fetch(`${url}/wp-admin/install.php?step=2`, {
        method: 'POST',
        signal: AbortSignal.timeout(90_000),
        body: new URLSearchParams({
          weblog_title: 'Kettle & Crumb',
          user_name: WP_ADMIN.user,
          admin_password: WP_ADMIN.password,
          admin_password2: WP_ADMIN.password,
          pw_weak: 'on',
          admin_email: 'owner@example.com',
          blog_public: '0',
          language: '',
        }),
      }).then(async (answer) => ({ ok: answer.ok, status: answer.status, page: await answer.text() }));
    const installed = await install().catch(install);
    const { page } = installed;
    if (!installed.ok || !page.includes('wp-login.php'))
      throw new Error(`WordPress did not install (${installed.status}): ${page.slice(0, 2000)}`);
    if (!existsSync(join(WORDPRESS, 'wp-content', 'themes', THEME, 'style.css')))
      throw new Error(`the ${THEME} theme is missing (apt-get install wordpress-theme-${THEME})`);
    return { url, root, sql: (statement) => sql(statement, 'wordpress'), close };
  } catch (error) {
    await close();
    throw error;
  }
}
