// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';

const settle = () =>
  new Promise((resolve) => {
    // Past the frame (or its time-out) that passive effects wait for.
    setTimeout(resolve, 150);
  });

beforeEach(() => {
  // The lobby page asks for its list; no server here, and the answer does not matter.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});

afterEach(() => {
  vi.unstubAllGlobals();
  render(null, document.body);
  document.body.innerHTML = '';
  history.replaceState(null, '', '#/');
});

const shown = () => document.querySelector('main')?.className ?? '';

describe('App: the page follows the location hash', () => {
  it('a hash changed right after the first render, before a frame, is followed', async () => {
    history.replaceState(null, '', '#/');
    render(<App />, document.body);
    expect(shown()).toContain('lobby');
    // The e2e tests' `goto('/')` then `goto('/#/…')`: `load` fires before the first frame, and the
    // hash changes (with its event) before any passive effect has run.
    history.replaceState(null, '', '#/rules');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle();
    expect(shown()).toContain('rules-page');
  });

  it('later hash changes are followed, and back', async () => {
    history.replaceState(null, '', '#/');
    render(<App />, document.body);
    await settle();
    history.replaceState(null, '', '#/rules');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle();
    expect(shown()).toContain('rules-page');
    history.replaceState(null, '', '#/');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle();
    expect(shown()).toContain('lobby');
  });
});
