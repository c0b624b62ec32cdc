// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadAlertSettings, NO_ALERTS, saveAlertSettings } from './alert-settings';
import { alertTitle, faviconHref, showFavicon } from './tab-alert';

describe("the tab while it is this seat's move", () => {
  it('marks the title and the icon, and gives them back after', () => {
    expect(alertTitle('Outer Rim online', true)).toBe('(Your move) Outer Rim online');
    expect(alertTitle('Outer Rim online', false)).toBe('Outer Rim online');
    expect(faviconHref(true)).not.toBe(faviconHref(false));
    showFavicon(document, true);
    const link = document.querySelector('link[rel="icon"]');
    expect(link?.getAttribute('data-your-move')).toBe('yes');
    showFavicon(document, false);
    expect(document.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expect(link?.getAttribute('href')).toBe(faviconHref(false));
  });
});

describe('alert settings, per game and seat', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  it('are off until the player turns them on, and kept per seat', () => {
    expect(loadAlertSettings(localStorage, 'game-aaaa', 1)).toEqual(NO_ALERTS);
    saveAlertSettings(localStorage, 'game-aaaa', 1, { sound: true, system: false });
    expect(loadAlertSettings(localStorage, 'game-aaaa', 1)).toEqual({ sound: true, system: false });
    expect(loadAlertSettings(localStorage, 'game-aaaa', 2)).toEqual(NO_ALERTS);
    localStorage.setItem('outer-rim:alerts:game-aaaa:3', '{broken');
    expect(loadAlertSettings(localStorage, 'game-aaaa', 3)).toEqual(NO_ALERTS);
  });
});
