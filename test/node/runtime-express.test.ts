// The Express recipe of docs/deploying.md, for real: the proxy mounted inside an existing Express app next to the
// app's own routes, in front of the sample upstream over loopback HTTP.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import express from 'express';
import { createSampleUpstream, SAMPLE_API_KEY } from '../../src/sample/index.ts';
import { toNodeListener } from '../../src/server/adapters/node/node.ts';
import { createProxy } from '../../src/server/proxy/index.ts';
import { readBusiness, readPage, readReview } from '../../src/api/read-answer.ts';

let upstream: Server;
let site: Server;
let base = '';

before(async () => {
  upstream = createServer(toNodeListener(createSampleUpstream()));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const proxy = createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    log: () => {},
  });
  const app = express();
  app.get('/', (_request, response) => void response.send('the site'));
  app.all('/widget-api/*path', toNodeListener(proxy));
  site = createServer(app);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

after(() => {
  site?.closeAllConnections();
  site?.close();
  upstream?.closeAllConnections();
  upstream?.close();
});

test('Express: the site keeps its own routes and /widget-api/* is the proxy', async () => {
  assert.equal(await (await fetch(`${base}/`)).text(), 'the site');
  const info = await fetch(`${base}/widget-api/info`);
  assert.equal(info.status, 200);
  assert.equal(readBusiness(await info.json()).name, 'Kettle & Crumb');
  const reviews = await fetch(`${base}/widget-api/reviews?rating=1&limit=2`);
  const page = readPage(await reviews.json(), 2, readReview);
  assert.deepEqual(
    page.items.map((review) => review.rating),
    [1, 1],
  );
});

test('Express: the proxy still refuses what it must (400 naming the parameter, 405)', async () => {
  const bad = await fetch(`${base}/widget-api/reviews?rating=7`);
  assert.equal(bad.status, 400);
  assert.match(((await bad.json()) as { message: string }).message, /rating/);
  const post = await fetch(`${base}/widget-api/info`, { method: 'POST' });
  assert.equal(post.status, 405);
});

test('Express: the manual’s server-rendering recipe answers a page with the widgets’ data in it', async () => {
  const { renderWidgets } = await import('../../src/ssr/render-widgets.ts');
  const proxy = createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    log: () => {},
  });
  const page = '<main><h1>Our shop</h1><review-list endpoint="/widget-api" limit="2"></review-list></main>';
  // As in docs/frameworks.md: render the page's HTML, then send it.
  const app = express();
  app.get('/shop', async (request, response) => {
    const html = await renderWidgets(page, {
      proxy,
      url: `${request.protocol}://${request.get('host')}${request.originalUrl}`,
      clientAddress: request.socket.remoteAddress,
    });
    response.type('html').send(html);
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/shop`);
    assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
    const html = await answer.text();
    assert.match(html, /^<main><h1>Our shop<\/h1>/);
    assert.match(html, /<template shadowroot="open" shadowrootmode="open">/);
    assert.equal((html.match(/<article part="review"/g) ?? []).length, 2);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
