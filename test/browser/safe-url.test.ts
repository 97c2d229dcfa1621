import { expect } from '@open-wc/testing';
import { safeUrl } from '../../src/api/safe-url.ts';

// The same gate must hold in the browser's URL parser, which is what the elements run on.
describe('safeUrl in the browser', () => {
  it('keeps https and drops javascript: and relative URLs', () => {
    expect(safeUrl('https://example.com/x.png')).to.equal('https://example.com/x.png');
    expect(safeUrl('javascript:alert(1)')).to.equal(undefined);
    expect(safeUrl('\tjavascript:alert(1)')).to.equal(undefined);
    expect(safeUrl('/relative.png')).to.equal(undefined);
  });
});
