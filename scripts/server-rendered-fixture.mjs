// The browser suite's server-rendered pages (test/fixtures/server-rendered.ts, rendered in Node by Lit's
// server renderer), by the path web-test-runner serves each at.
import { execFileSync } from 'node:child_process';

export const SERVER_RENDERED_PATHS = ['/__server-rendered__', '/__server-rendered-data__'];

/** Renders the page served at `path` (a second or two: it starts TypeScript and the sample proxy). */
export function renderServerFixture(path) {
  return execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/fixtures/server-rendered.ts',
      '/widget-api',
      ...(path === '/__server-rendered-data__' ? ['--with-data'] : []),
    ],
    { encoding: 'utf8' },
  );
}
