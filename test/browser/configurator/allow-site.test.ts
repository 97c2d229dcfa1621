/**
 * "Your site's address": read as browsers send it in `Origin` (what ALLOWED_ORIGINS must name exactly),
 * a URL with a path reduced to its origin with a note that says so, anything else refused with the fix.
 */
import { expect } from '@open-wc/testing';
import { allowSettings, siteOrigin } from '../../../src/configurator/allow-site.ts';

describe('the site to allow', () => {
  it('takes an origin as it is', () => {
    expect(siteOrigin('https://www.example.com')).to.deep.equal({ origin: 'https://www.example.com' });
    expect(siteOrigin('  http://localhost:3000 ')).to.deep.equal({ origin: 'http://localhost:3000' });
  });

  it('reduces an address with a path to its origin, and says so', () => {
    const read = siteOrigin('https://www.example.com/blog/reviews?utm=1#top');
    expect(read).to.have.property('origin', 'https://www.example.com');
    expect(read).to.have.property('note').that.includes('/blog/reviews?utm=1#top');
  });

  it('writes it as browsers send it (case, default port, final slash)', () => {
    for (const typed of [
      'HTTPS://WWW.Example.com',
      'https://www.example.com:443',
      'https://www.example.com/',
    ]) {
      const read = siteOrigin(typed);
      expect(read, typed).to.have.property('origin', 'https://www.example.com');
      expect(read, typed).to.have.property('note', 'Written as browsers send it: https://www.example.com.');
    }
  });

  it('refuses what is not a web address, with the fix', () => {
    for (const typed of [
      'www.example.com',
      'example',
      'ftp://example.com',
      'javascript:alert(1)',
      'file:///x',
    ]) {
      expect(siteOrigin(typed), typed).to.have.property('problem').that.includes('https://');
    }
    expect(siteOrigin('https://user:pass@www.example.com')).to.have.property('problem');
    expect(siteOrigin('   ')).to.equal(undefined);
  });

  it('gives the one setting for npm start, Cloudflare, Vercel and Netlify', () => {
    const settings = allowSettings('https://www.example.com');
    expect(settings.map(({ setting }) => setting)).to.deep.equal([
      'ALLOWED_ORIGINS=https://www.example.com',
      '"ALLOWED_ORIGINS": "https://www.example.com"',
      'npx vercel env add ALLOWED_ORIGINS production',
      'npx netlify env:set ALLOWED_ORIGINS https://www.example.com',
    ]);
    expect(settings[2]!.where).to.include('https://www.example.com');
  });
});
