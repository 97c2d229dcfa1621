import { expect, fixture, html } from '@open-wc/testing';
import type { BusinessCard } from '../../../src/elements/business-card/business-card.ts';
import { SAMPLE_API_KEY } from '../../../src/sample/index.ts';
import { businessInfo, businessInfoMachineReadable } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import { $, $$, button, has, isBusy, settled, shownText, textOf, until } from '../support/dom.ts';

const EXTERNAL_REL = 'noopener noreferrer nofollow ugc';

describe('<business-card>', () => {
  const api = useMockApi();

  const card = () => fixture<BusinessCard>(html`<business-card endpoint=${api.endpoint}></business-card>`);
  async function loadedCard(): Promise<BusinessCard> {
    const element = await card();
    await settled(element);
    return element;
  }

  describe('loading', () => {
    it('shows a skeleton and is aria-busy until the answer arrives', async () => {
      const held = api.hold('info');
      const element = await card();
      await api.waitForRequests('info', 1);
      expect(isBusy(element)).to.equal(true);
      expect($$(element, '.skeleton')).to.have.length.greaterThan(0);
      expect(shownText(element)).to.equal('Loading…');
      expect(has(element, '[part="name"]')).to.equal(false);
      await expect(element).to.be.accessible();

      held.open();
      await settled(element);
      expect(has(element, '.skeleton')).to.equal(false);
      expect(textOf($(element, '[part="name"]'))).to.equal('Kettle & Crumb');
    });

    // A phone's column (the location and the links wrap) and a desktop's: the placeholder is as high as
    // the card that replaces it, so nothing below moves.
    for (const width of [310, 640]) {
      it(`reserves exactly the card's height while loading, ${width} px wide`, async () => {
        const held = api.hold('info');
        const element = await card();
        element.style.width = `${width}px`;
        await api.waitForRequests('info', 1);
        const loading = element.getBoundingClientRect().height;
        held.open();
        await settled(element);
        expect(has(element, '[part="name"]')).to.equal(true);
        expect(element.getBoundingClientRect().height).to.be.closeTo(loading, 1);
      });
    }
  });

  describe('content (the real proxy and sample business)', () => {
    it('shows name, category, location, stars, average and review count', async () => {
      const element = await loadedCard();
      expect($(element, '[part="name"]').localName).to.match(/^h[1-6]$/);
      expect(textOf($(element, '[part="name"]'))).to.equal('Kettle & Crumb');
      expect(textOf($(element, '[part="category"]'))).to.equal('Bakery & Café');
      expect(textOf($(element, '[part="location"]'))).to.equal(
        '14 Harbour Lane, Brightwater BW1 4QA, United Kingdom',
      );
      const stars = $(element, '[part="stars"]');
      expect(stars.getAttribute('role')).to.equal('img');
      expect(stars.getAttribute('aria-label')).to.equal('Rated 4.0 out of 5');
      expect(textOf($(element, '[part="average"]'))).to.equal('4.0');
      expect(textOf($(element, '[part="count"]'))).to.equal('250 reviews');
      expect(isBusy(element)).to.equal(false);
      await expect(element).to.be.accessible();
    });

    it('links the website and the map with safe rel attributes', async () => {
      const element = await loadedCard();
      const website = $<HTMLAnchorElement>(element, 'a[part="website"]');
      expect(website.getAttribute('href')).to.equal('https://kettle-and-crumb.example/');
      expect(textOf(website)).to.equal('kettle-and-crumb.example');
      expect(website.rel).to.equal(EXTERNAL_REL);
      const map = $<HTMLAnchorElement>(element, 'a[part="map-link"]');
      expect(textOf(map)).to.equal('View on map');
      expect(map.href).to.match(/^https:\/\/www\.google\.com\/maps\//);
      expect(map.rel).to.equal(EXTERNAL_REL);
    });

    it('makes exactly one /info request, without any key; the proxy adds the key upstream', async () => {
      await loadedCard();
      expect(api.requests.map((r) => r.url.pathname)).to.deep.equal([`${api.endpoint}/info`]);
      expect(api.requests[0]!.url.search).to.equal('');
      expect(Object.keys(api.requests[0]!.headers)).not.to.include('x-api-key');
      expect(api.upstream).to.have.length(1);
      expect(api.upstream[0]!.url.pathname).to.equal('/api/v1/integration/business-api/info');
      expect(api.upstream[0]!.headers['x-api-key']).to.equal(SAMPLE_API_KEY);
    });

    it('shows no "View on map" link when googleMapUrl is null, and the website link still', async () => {
      api.reply('info', businessInfoMachineReadable());
      const element = await loadedCard();
      expect(textOf($(element, '[part="name"]'))).to.equal('Northwind Plumbing');
      expect(has(element, '[part="map-link"]')).to.equal(false);
      expect(shownText(element)).not.to.include('View on map');
      expect($(element, 'a[part="website"]').getAttribute('href')).to.equal(
        'https://northwind-plumbing.example/',
      );
      // An integer average is still shown with one decimal.
      expect($(element, '[part="stars"]').getAttribute('aria-label')).to.equal('Rated 4.0 out of 5');
      expect(textOf($(element, '[part="count"]'))).to.equal('10 reviews');
    });

    it('shows a decimal average with one decimal and a singular count', async () => {
      api.reply('info', { ...businessInfo(), averageRating: 4.26, totalReview: 1 });
      const element = await loadedCard();
      expect($(element, '[part="stars"]').getAttribute('aria-label')).to.equal('Rated 4.3 out of 5');
      expect(textOf($(element, '[part="average"]'))).to.equal('4.3');
      expect(textOf($(element, '[part="count"]'))).to.equal('1 review');
    });

    it('leaves out the links and category when the API gives none', async () => {
      api.reply('info', { businessName: 'Bare Minimum' });
      const element = await loadedCard();
      expect(textOf($(element, '[part="name"]'))).to.equal('Bare Minimum');
      expect(has(element, '[part="links"]')).to.equal(false);
      expect(has(element, '[part="category"]')).to.equal(false);
      expect(has(element, 'a')).to.equal(false);
      await expect(element).to.be.accessible();
    });
  });

  describe('error', () => {
    for (const status of [500, 503]) {
      it(`a ${status} shows a message and a Retry button that loads the card`, async () => {
        api.fail('info', status, { times: 1 });
        const element = await loadedCard();
        const alert = $(element, '[role="alert"]');
        expect(textOf(alert)).to.include('Could not load the business information.');
        expect(has(element, '.skeleton')).to.equal(false);
        expect(has(element, '[part="name"]')).to.equal(false);
        await expect(element).to.be.accessible();

        button(element, 'Retry').click();
        await until(element, () => has(element, '[part="name"]'), 'the card after Retry');
        expect(textOf($(element, '[part="name"]'))).to.equal('Kettle & Crumb');
        expect(has(element, '[role="alert"]')).to.equal(false);
        expect(api.requestsOf('info')).to.have.length(2);
      });
    }

    it('is aria-busy while a Retry is in flight', async () => {
      api.fail('info', 503, { times: 1 });
      const element = await loadedCard();
      const held = api.hold('info');
      button(element, 'Retry').click();
      await api.waitForRequests('info', 2);
      await element.updateComplete;
      expect(isBusy(element)).to.equal(true);
      held.open();
      await until(element, () => has(element, '[part="name"]'), 'the card after Retry');
      expect(isBusy(element)).to.equal(false);
    });

    it('a body that breaks the contract is an error with Retry, not a blank card', async () => {
      api.reply('info', { website: 'https://example.com' });
      const element = await loadedCard();
      expect(textOf($(element, '[role="alert"]'))).to.include('Could not load the business information.');
      expect(button(element, 'Retry').disabled).to.equal(false);
    });
  });
});
