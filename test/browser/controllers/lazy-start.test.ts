/**
 * The LazyStart controller on its own, in a minimal host: work waits until the host comes near the
 * viewport, runs at once when it may not wait, and a later call replaces work still waiting.
 */
import { aTimeout, expect, fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { LazyStart } from '../../../src/elements/controllers/lazy-start.ts';

class LazyHost extends LitElement {
  static override properties = { loading: {} };
  loading: 'lazy' | 'eager' = 'lazy';
  readonly lazy = new LazyStart(this);
}
customElements.define('lazy-host', LazyHost);

async function idle() {
  for (let i = 0; i < 5; i++) await nextFrame();
  await aTimeout(50);
}

describe('LazyStart', () => {
  afterEach(() => window.scrollTo(0, 0));

  it('runs work for a host in view at once, and only the latest work for one below the fold, once near', async () => {
    const near = await fixture<LazyHost>(html`<lazy-host style="display:block;height:10px"></lazy-host>`);
    const ran: string[] = [];
    await idle();
    near.lazy.whenNear(() => ran.push('near'));
    expect(ran).to.deep.equal(['near']);

    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <div style="height:6000px"></div>
        <lazy-host style="display:block;height:10px"></lazy-host>
      </div>`,
    );
    const far = wrapper.querySelector<LazyHost>('lazy-host')!;
    far.lazy.whenNear(() => ran.push('first'));
    far.lazy.whenNear(() => ran.push('latest'));
    await idle();
    expect(ran).to.deep.equal(['near']);
    far.scrollIntoView();
    await waitUntil(() => ran.length === 2, 'the waiting work to run');
    expect(ran).to.deep.equal(['near', 'latest']);
  });

  it('loading="eager" runs at once; switching to eager runs what waits; a detached host never runs', async () => {
    const ran: string[] = [];
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <div style="height:6000px"></div>
        <lazy-host loading="eager"></lazy-host><lazy-host></lazy-host>
      </div>`,
    );
    const [eager, lazy] = wrapper.querySelectorAll<LazyHost>('lazy-host');
    eager!.lazy.whenNear(() => ran.push('eager'));
    lazy!.lazy.whenNear(() => ran.push('switched'));
    await idle();
    expect(ran).to.deep.equal(['eager']);
    lazy!.loading = 'eager';
    await lazy!.updateComplete;
    expect(ran).to.deep.equal(['eager', 'switched']);

    const detached = new LazyHost();
    detached.lazy.whenNear(() => ran.push('detached'));
    await idle();
    expect(ran).to.deep.equal(['eager', 'switched']);
  });
});
