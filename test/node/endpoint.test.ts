/**
 * The one rule of what a widget's endpoint is (src/api/endpoint.ts), which the loader, the configurator's
 * preload, the server renderer and the client all follow, and the one escape of an HTML attribute value
 * (src/api/html.ts), which the proxy's fragments, the server renderer and the configurator all use.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpointHref } from '../../src/api/endpoint.ts';
import { fragmentUrl } from '../../src/api/fragment-attributes.ts';
import { escapeAttribute } from '../../src/api/html.ts';

const PAGE = 'https://shop.example/products/mug?colour=blue#reviews';

test('an endpoint is trimmed, resolved against the base, and has no query, fragment or trailing slash', () => {
  assert.equal(endpointHref('/widget-api', PAGE), 'https://shop.example/widget-api');
  assert.equal(endpointHref('  widget-api/  ', PAGE), 'https://shop.example/products/widget-api');
  assert.equal(endpointHref('/widget-api//?page=2#top', PAGE), 'https://shop.example/widget-api');
  assert.equal(endpointHref('https://proxy.example/api/', PAGE), 'https://proxy.example/api');
  assert.equal(endpointHref('https://proxy.example/api', undefined), 'https://proxy.example/api');
});

test('no endpoint, white space only, or one that is not a URL, throws', () => {
  for (const endpoint of [null, undefined, '', '   ', 'http://[', 'https://']) {
    assert.throws(() => endpointHref(endpoint, PAGE), `${String(endpoint)} throws`);
  }
  // Relative without a base: no URL.
  assert.throws(() => endpointHref('/widget-api', undefined));
});

test('the check sees the URL as written, query included, and its error is what the rule throws', () => {
  const seen: string[] = [];
  const href = endpointHref('/widget-api?apiKey=abc#x', PAGE, (url) => seen.push(url.href));
  assert.deepEqual(seen, ['https://shop.example/widget-api?apiKey=abc#x']);
  assert.equal(href, 'https://shop.example/widget-api');
  const refused = new Error('refused');
  assert.throws(
    () =>
      endpointHref('/widget-api', PAGE, () => {
        throw refused;
      }),
    (error) => error === refused,
  );
});

test('the fragment route is asked on the endpoint the rule gives (the loader and the preload agree)', () => {
  const attributes: Record<string, string> = { endpoint: ' /widget-api/?x=1 ', limit: '5' };
  const url = fragmentUrl('review-list', (name) => attributes[name], PAGE, 'de');
  assert.equal(url.href, `${endpointHref(attributes.endpoint, PAGE)}/html/review-list?limit=5&locale=de`);
});

test('escapeAttribute: a value as it may stand inside a double-quoted attribute', () => {
  assert.equal(escapeAttribute('a & b "c" <d> \'e\''), "a &amp; b &quot;c&quot; &lt;d> 'e'");
  assert.equal(escapeAttribute('&amp;'), '&amp;amp;');
  assert.equal(escapeAttribute(''), '');
});
