import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeUrl } from '../../src/api/safe-url.ts';

test('safeUrl keeps absolute http(s) URLs', () => {
  assert.equal(safeUrl('https://example.com/a?b=1'), 'https://example.com/a?b=1');
  assert.equal(safeUrl('  http://example.com '), 'http://example.com/');
});

test('safeUrl drops every other scheme, relative paths, credentials and junk', () => {
  for (const value of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'blob:https://example.com/x',
    'vbscript:x',
    'file:///etc/passwd',
    '/relative/path',
    '//example.com/protocol-relative',
    'https://user:pass@example.com/',
    '',
    '   ',
    'not a url',
    null,
    undefined,
    42,
  ]) {
    assert.equal(safeUrl(value), undefined, `expected ${String(value)} to be dropped`);
  }
});
