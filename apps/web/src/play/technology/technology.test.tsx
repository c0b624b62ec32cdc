// @vitest-environment happy-dom
import { hexKey } from '@outer-rim/map';
import {
  createGame,
  decisions,
  legalActions,
  techById,
  technologyPrice,
  TECHNOLOGIES,
  view,
  type Action,
  type GameState,
} from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleared,
  quietPair,
  setOwner,
  turnOf,
  withUnits,
  advanceTo,
  withPlayer,
} from '@outer-rim/rules/testing';
import { BattlePanel } from '../battle/battle-panel';
import { DecisionPanel } from '../decision-panel';
import { recorder, root, showPanel } from '../panel-fixture';
import { PlayersPanel } from '../players-panel';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Ids and hex keys never reach a player: names only (no internal id reaches a player). */
const ID_SHAPED = /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b|-?\d+,-?\d+/;

function panel(s: GameState, seat: number, sent: Action[], techPrices?: Record<string, number>) {
  const v = view(s, seat);
  const el = root();
  render(
    <DecisionPanel
      decisions={decisions(v)}
      seat={seat}
      actions={legalActions(v, seat)}
      names={v.players.map((p) => p.name)}
      onAct={recorder(sent)}
      busy={false}
      over={false}
      context={{ galaxy: v.galaxy, ...(techPrices === undefined ? {} : { techPrices }) }}
    />,
    el,
  );
  return el;
}

describe('BG-9 technologies in the browser', () => {
  it('the Technology phase shows each offer’s name, colour, price, prerequisites and effect', async () => {
    // Jol-Nar pay 20 for non-red technologies: the price shown is the one paid.
    let s = createGame({ players: [{ race: 'jol-nar' }, { race: 'sol' }] }, 'tech-web');
    s = advanceTo(withPlayer(s, 0, { credits: 100 }), 'technology');
    const prices = Object.fromEntries(
      TECHNOLOGIES.map((t) => [t.id, technologyPrice(view(s, 0), 0, t.id) ?? t.cost]),
    );
    const sent: Action[] = [];
    const el = panel(s, 0, sent, prices);
    const offered = legalActions(s, 0).flatMap((a) =>
      a.type === 'buy-technology' ? [a.technology] : [],
    );
    expect(offered.length).toBeGreaterThan(0);
    const cards = [...el.querySelectorAll('.tech-card')];
    expect(cards.map((c) => c.getAttribute('data-tech'))).toEqual(offered);
    // Sarween Tools: yellow, General, 20 credits for Jol-Nar, needs Enviro Compensator.
    const sarween = el.querySelector('[data-tech=sarween-tools]');
    expect(sarween?.textContent).toContain('Sarween Tools');
    expect(sarween?.textContent).toContain('yellow (General)');
    expect(sarween?.textContent).toContain('20 credits (printed 30)');
    expect(sarween?.textContent).toContain('Needs Enviro Compensator');
    expect(sarween?.textContent).toContain(techById('sarween-tools').effect);
    for (const c of cards) expect(c.textContent).not.toMatch(ID_SHAPED);
    const button = sarween?.querySelector('button');
    await act(() => {
      button?.dispatchEvent(new Event('click', { bubbles: true }));
    });
    expect(sent).toEqual([{ type: 'buy-technology', technology: 'sarween-tools' }]);
  });

  it('the player panel lists each technology with its colour, cost, prerequisites and effect', () => {
    const s = createGame({ players: [{ race: 'xxcha' }, { race: 'sol' }] }, 'tech-panel');
    const v = view(s, 1);
    const el = root();
    render(<PlayersPanel view={v} seat={1} active={[]} />, el);
    const techs = el.querySelector('[data-testid=techs-0]');
    // The Xxcha start with Enviro Compensator and Stasis Capsules.
    expect(techs?.querySelector('summary')?.textContent).toBe(
      'Technologies: Enviro Compensator, Stasis Capsules',
    );
    const stasis = techs?.querySelector('[data-tech=stasis-capsules]');
    expect(stasis?.textContent).toContain('green (Biological)');
    expect(stasis?.textContent).toContain('30 credits');
    expect(stasis?.textContent).toContain('Needs Enviro Compensator');
    expect(stasis?.textContent).toContain(techById('stasis-capsules').effect);
    expect(techs?.textContent).not.toMatch(ID_SHAPED);
  });

  it('Spatial Jump and Transit Diodes are choices of the decision panel, worded by names', async () => {
    let s = turnOf(0, 'movement', { players: [{ race: 'sol' }, { race: 'xxcha' }] });
    s = withPlayer(s, 0, { technologies: ['spatial-jump', 'transit-diodes'] });
    const [x] = quietPair(s);
    s = withUnits(s, x, 0, { cruiser: 1 });
    // A second planet for the Ground Forces on Jord to go to.
    const other = Object.entries(s.planets).find(([, p]) => p.owner === 1)?.[0] ?? '';
    s = setOwner(s, other, 0);
    const sent: Action[] = [];
    const el = panel(s, 0, sent);
    const group = [...el.querySelectorAll('.action-group')].find(
      (g) => g.querySelector('h4')?.textContent.startsWith('Use a technology') === true,
    );
    expect(group).toBeDefined();
    const labels = [...(group?.querySelectorAll('option, button.action') ?? [])]
      .map((o) => o.textContent)
      .filter((t) => t !== 'Do it');
    expect(labels.some((l) => l.startsWith('Spatial Jump: jump the fleet in'))).toBe(true);
    expect(labels.some((l) => l.startsWith('Transit Diodes: move'))).toBe(true);
    for (const l of labels) expect(l).not.toMatch(ID_SHAPED);
    // Choose a jump in the drop-down and send it.
    const select = group?.querySelector('select');
    const index = [...(select?.options ?? [])].findIndex((o) =>
      o.textContent.startsWith('Spatial Jump'),
    );
    await act(() => {
      if (select === null || select === undefined) return;
      select.value = String(index);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(() => {
      group?.querySelector('button.action')?.dispatchEvent(new Event('click', { bubbles: true }));
    });
    expect(sent[0]).toMatchObject({ type: 'use-technology', technology: 'spatial-jump', hex: x });
  });

  it('the landing form offers Graviton Negator’s Fighters and the X-89 Bacterial Weapon', async () => {
    let s = turnOf(0, 'invasion-combat', { players: [{ race: 'sol' }, { race: 'xxcha' }] });
    s = withPlayer(s, 0, { technologies: ['graviton-negator', 'x-89-bacterial-weapon'] });
    const h = hexKey(s.galaxy.homes[1] ?? { q: 0, r: 0 });
    const planet = Object.entries(s.planets).find(([, p]) => p.hex === h)?.[0] ?? '';
    s = cleared(s, h);
    s = withUnits(s, h, 0, { dreadnought: 1, carrier: 1, 'ground-force': 2, fighter: 2 });
    s = withUnits(s, h, 1, { 'ground-force': 2, pds: 1 }, planet);
    const sent: Action[] = [];
    const el = showPanel(BattlePanel, s, 0, sent);
    const form = el.querySelector(`[data-planet="${planet}"]`);
    expect(form?.textContent).toContain('Fighters join (Graviton Negator)');
    expect(form?.textContent).toContain('X-89 Bacterial Weapon');
    const fighters = form?.querySelector<HTMLInputElement>('input[data-land=fighters]');
    const bacterial = form?.querySelector<HTMLInputElement>('input[data-land=bacterial]');
    await act(() => {
      if (fighters === null || fighters === undefined) return;
      fighters.value = '2';
      fighters.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => {
      if (bacterial === null || bacterial === undefined) return;
      bacterial.checked = true;
      bacterial.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(() => {
      form
        ?.querySelector('button[data-action=land]')
        ?.dispatchEvent(new Event('click', { bubbles: true }));
    });
    expect(sent[0]).toMatchObject({
      type: 'land',
      hex: h,
      planet,
      groundForces: 2,
      fighters: 2,
      bombard: 1,
      bacterial: true,
    });
  });

  it('Integrated Economy and Gen Synthesis purchases are choices by planet, and the wait is shown', async () => {
    let s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'tech-purchase');
    s = advanceTo(s, 'purchase-units');
    s = withPlayer(s, 1, {
      credits: 100,
      technologies: ['micro-technology', 'cybernetics', 'integrated-economy', 'gen-synthesis'],
    });
    const v = view(s, 1);
    const docks = [{ planet: 'Arc Prime', capacity: 8 }];
    const sent: Action[] = [];
    const el = root();
    const draw = (groundForceOrders: readonly string[] = []) => {
      render(
        <DecisionPanel
          decisions={decisions(v)}
          seat={1}
          actions={legalActions(v, 1)}
          names={v.players.map((p) => p.name)}
          onAct={recorder(sent)}
          busy={false}
          over={false}
          context={{ galaxy: v.galaxy, docks, groundForceOrders }}
        />,
        el,
      );
    };
    draw();
    const group = [...el.querySelectorAll('.action-group')].find(
      (g) => g.querySelector('h4')?.textContent.startsWith('Buy for a planet') === true,
    );
    const labels = [...(group?.querySelectorAll('option, button.action') ?? [])].map(
      (o) => o.textContent,
    );
    expect(labels).toContain('Buy 1 Ground Force for Wren Terra (Gen Synthesis)');
    expect(labels).toContain('Buy 1 Cruiser placed at once at Arc Prime (Integrated Economy)');
    // The amounts form still buys units to wait for Place New Units.
    expect(el.querySelector('[data-testid=purchase-form]')).not.toBeNull();
    // Few choices: a row of buttons (a drop-down past eight).
    const button = [...(group?.querySelectorAll('button.action') ?? [])].find((b) =>
      b.textContent.includes('Wren Terra'),
    );
    await act(() => {
      button?.dispatchEvent(new Event('click', { bubbles: true }));
    });
    expect(sent).toEqual([
      { type: 'purchase', units: { 'ground-force': 1 }, planet: 'Wren Terra' },
    ]);
    draw(['Wren Terra']);
    expect(el.querySelector('[data-testid=pending-units]')?.textContent).toContain(
      'a Ground Force for Wren Terra (Gen Synthesis)',
    );
  });
});
