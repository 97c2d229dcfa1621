/**
 * Servers that render for their visitors are not one visitor (issue 49, item 7): a server presenting a
 * token the proxy knows (`SERVER_TOKENS`, a tenant's `serverTokens`) counts each request against the
 * visitor it names; a wrong token is refused before anything is spent; the upstream budget holds for all;
 * the token is never logged or echoed; a bad token stops the start without being quoted.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseTenants } from '../../src/server/adapters/node/tenants-file.ts';
import { createTenantsProxy, ProxyConfigError } from '../../src/server/proxy/index.ts';
import { SERVER_TOKEN_HEADER, VISITOR_HEADER } from '../../src/server/proxy/server-tokens.ts';
import { ConfigError, readConfig } from '../../src/server/site/config.ts';
import { createSite } from '../../src/server/site/site.ts';
import { renderWidgets } from '../../src/ssr/render-widgets.ts';
import { withUpstream } from './support/fake-upstream.ts';
import { makeProxy } from './support/proxy-harness.ts';

const TOKEN = 'wp-Zk3q8V1xH2mN9pR4tY7uB0cE5fG6jL-a';
const ROTATED = 'wp-next-Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L';
/** The WordPress server's own address: every page it renders comes from here. */
const SERVER = { clientAddress: '198.51.100.50' };
const as = (token: string | undefined, visitor?: string) => ({
  ...SERVER,
  headers: {
    ...(token !== undefined && { [SERVER_TOKEN_HEADER]: token }),
    ...(visitor !== undefined && { [VISITOR_HEADER]: visitor }),
  },
});

describe('server tokens', { concurrency: true }, () => {
  test('a known server’s requests count against each visitor it names, not all against the server', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 2, serverTokens: [TOKEN, ROTATED] } });
      const statuses = async (options: ReturnType<typeof as>, count: number) => {
        const seen = [];
        for (let index = 0; index < count; index++)
          seen.push((await proxy.call('/widget-api/info', options)).status);
        return seen;
      };
      // Three visitors of the site, rendered by the one server: each has its own two a minute.
      assert.deepEqual(await statuses(as(TOKEN, '203.0.113.1'), 3), [200, 200, 429]);
      assert.deepEqual(await statuses(as(TOKEN, '203.0.113.2'), 2), [200, 200]);
      assert.deepEqual(
        await statuses(as(ROTATED, '2001:db8:1:2::9'), 2),
        [200, 200],
        'a second token (rotation)',
      );
      // The visitor's own browser shares the visitor's bucket: the server buys it nothing more.
      assert.equal((await proxy.call('/widget-api/info', { clientAddress: '203.0.113.2' })).status, 429);
      // Without a token, or naming no address, the server is one client, as before (fail closed).
      assert.deepEqual(await statuses(as(undefined, '203.0.113.9'), 3), [200, 200, 429]);
      assert.equal((await proxy.call('/widget-api/info', as(TOKEN, 'not-an-address'))).status, 429);
      assert.equal((await proxy.call('/widget-api/info', as(TOKEN))).status, 429);
    });
  });

  test('a token the proxy does not know is refused before the limiter and the upstream, and never echoed', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, {
        html: renderWidgets,
        rateLimit: { perMinute: 0, serverTokens: [TOKEN] },
      });
      for (const wrong of [TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toLowerCase(), '', 'Bearer ' + TOKEN]) {
        const refused = await proxy.call('/widget-api/reviews?limit=3', as(wrong, '203.0.113.1'));
        assert.equal(refused.status, 401, JSON.stringify(wrong));
        assert.equal(refused.json().error, 'Unauthorized');
        assert.ok(!refused.text.includes(TOKEN.slice(4, 20)), refused.text);
        const fragment = await proxy.call('/widget-api/html/business-card', as(wrong));
        assert.equal(fragment.status, 401);
      }
      assert.equal(upstream.calls(), 0);
      // A proxy that knows no tokens refuses any token too: a server that thinks it has one learns it has not.
      const none = makeProxy(upstream, {});
      assert.equal((await none.call('/widget-api/info', as(TOKEN, '203.0.113.1'))).status, 401);
      // The right one passes, and no log record carries it.
      const answer = await proxy.call('/widget-api/info', as(TOKEN, '203.0.113.1'));
      assert.equal(answer.status, 200);
      assert.ok(!JSON.stringify(proxy.logs).includes(TOKEN.slice(4, 20)));
      assert.ok(![...answer.headers.values()].some((value) => value.includes(TOKEN.slice(4, 20))));
    });
  });

  test('the upstream budget still holds: a server naming many visitors cannot spend more than the budget', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, {
        upstreamMaxPerMinute: 5,
        upstreamClientShare: 1,
        rateLimit: { perMinute: 100, serverTokens: [TOKEN] },
      });
      const seen = [];
      for (let page = 1; page <= 8; page++)
        seen.push(
          (await proxy.call(`/widget-api/reviews?page=${page}`, as(TOKEN, `203.0.113.${page}`))).status,
        );
      assert.deepEqual(seen, [200, 200, 200, 200, 200, 503, 503, 503]);
      assert.equal(upstream.calls(), 5);
    });
  });

  test('a token that is not one stops the start without quoting it: SERVER_TOKENS, the option, a tenant’s', () => {
    const short = 'tooShortSecret1';
    assert.throws(
      () => readConfig({ SERVER_TOKENS: `${TOKEN}, ${short}` }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /^SERVER_TOKENS: entry 2 of 2 is not a token/.test(error.message) &&
        !error.message.includes(short),
    );
    assert.deepEqual(readConfig({ SERVER_TOKENS: ` ${TOKEN} ,${ROTATED}` }).proxy.rateLimit?.serverTokens, [
      TOKEN,
      ROTATED,
    ]);
    assert.throws(
      () =>
        createTenantsProxy({
          tenants: {
            acme: { apiKey: 'k', upstreamUrl: 'https://a.example', rateLimit: { serverTokens: ['a b'] } },
          },
        }),
      (error: unknown) =>
        error instanceof ProxyConfigError &&
        /^Tenant "acme": rateLimit\.serverTokens: entry 1 of 1/.test(error.message),
    );
  });

  test('a tenant’s tokens are its own: the environment’s and another tenant’s are refused at it', async () => {
    await withUpstream(async (upstream) => {
      const tenants = parseTenants(
        JSON.stringify({
          tenants: {
            acme: { apiKey: 'sk_acme', upstreamUrl: upstream.url, serverTokens: [ROTATED] },
            globex: { apiKey: 'sk_globex', upstreamUrl: upstream.url },
          },
        }),
        {},
      );
      const site = createSite({
        config: readConfig({ SERVER_TOKENS: TOKEN }),
        sample: 'in-process',
        publicUrl: 'http://proxy.test',
        tenants,
      });
      const status = async (path: string, token: string) =>
        (
          await site(new Request(`http://proxy.test${path}`, { headers: { [SERVER_TOKEN_HEADER]: token } }), {
            clientAddress: '198.51.100.50',
          })
        ).status;
      assert.equal(await status('/widget-api/info', TOKEN), 200, 'the business’s own');
      assert.equal(await status('/widget-api/acme/info', ROTATED), 200, 'acme’s own');
      assert.equal(await status('/widget-api/acme/info', TOKEN), 401, 'the environment’s, at acme');
      assert.equal(await status('/widget-api/globex/info', ROTATED), 401, 'acme’s, at globex');
      assert.equal(await status('/widget-api/info', ROTATED), 401, 'acme’s, at the business');
    });
  });
});
