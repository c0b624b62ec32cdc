import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { techById } from '../content/technologies.js';
import { legalActions } from '../legal-actions.js';
import { createGame } from '../setup/create-game.js';
import type { GameState } from '../state/types.js';
import { advanceTo, mustApply, withPlayer } from '../testing/fixtures.js';

function techPhase(
  races: ['sol' | 'yssaril' | 'jol-nar', 'letnev' | 'sol'] = ['sol', 'letnev'],
): GameState {
  let s = createGame({ players: races.map((race) => ({ race })) }, 'tech');
  s = withPlayer(s, 0, { credits: 200, technologies: [] });
  s = withPlayer(s, 1, { credits: 200, technologies: [] });
  return advanceTo(s, 'technology');
}

describe('BG-9 Technology phase', () => {
  it('sells one technology for 30 credits', () => {
    const s = techPhase();
    const credits = s.players[0]?.credits ?? 0;
    const s1 = mustApply(s, 0, { type: 'buy-technology', technology: 'antimass-deflectors' });
    expect(s1.players[0]?.technologies).toEqual(['antimass-deflectors']);
    expect(s1.players[0]?.credits).toBe(credits - 30);
    const second = apply(s1, 0, { type: 'buy-technology', technology: 'hylar-v-assault-laser' });
    expect(!second.ok && second.error.code).toBe('NOT_YOUR_DECISION');
  });

  it('requires the prerequisites', () => {
    const s = techPhase();
    const r = apply(s, 0, { type: 'buy-technology', technology: 'xrd-transporter' });
    expect(!r.ok && r.error.code).toBe('ILLEGAL_ACTION');
    expect(techById('xrd-transporter').prerequisites).toEqual({ all: ['antimass-deflectors'] });
    const offered = legalActions(s, 0).flatMap((a) =>
      a.type === 'buy-technology' ? [a.technology] : [],
    );
    for (const id of offered) expect(techById(id)?.prerequisites).toBeNull();
    expect(offered).not.toContain('xrd-transporter');
  });

  it('sells a technology once its prerequisites are owned: all of an AND, one of an OR', () => {
    const base = techPhase();
    const withAntimass = withPlayer(base, 0, { technologies: ['antimass-deflectors'] });
    expect(techById('cybernetics').prerequisites).toEqual({
      any: ['stasis-capsules', 'antimass-deflectors'],
    });
    for (const technology of ['xrd-transporter', 'cybernetics'] as const) {
      expect(legalActions(withAntimass, 0)).toContainEqual({ type: 'buy-technology', technology });
      const s1 = mustApply(withAntimass, 0, { type: 'buy-technology', technology });
      expect(s1.players[0]?.technologies).toEqual(['antimass-deflectors', technology]);
      const refused = apply(base, 0, { type: 'buy-technology', technology });
      expect(!refused.ok && refused.error.code).toBe('ILLEGAL_ACTION');
    }
  });

  it('refuses a technology the player cannot afford or already owns', () => {
    const poor = withPlayer(techPhase(), 0, { credits: 29 });
    const r = apply(poor, 0, { type: 'buy-technology', technology: 'antimass-deflectors' });
    expect(!r.ok && r.error.code).toBe('ILLEGAL_ACTION');
    const owner = withPlayer(techPhase(), 0, { technologies: ['antimass-deflectors'] });
    const again = apply(owner, 0, { type: 'buy-technology', technology: 'antimass-deflectors' });
    expect(!again.ok && again.error.code).toBe('ILLEGAL_ACTION');
  });

  it('gives Jol-Nar non-red technologies at 20 and red at 40', () => {
    const s = techPhase(['jol-nar', 'letnev']);
    const had = s.players[0]?.credits ?? 0;
    const blue = mustApply(s, 0, { type: 'buy-technology', technology: 'antimass-deflectors' });
    expect(blue.players[0]?.credits).toBe(had - 20);
    const red = mustApply(s, 0, { type: 'buy-technology', technology: 'hylar-v-assault-laser' });
    expect(red.players[0]?.credits).toBe(had - 40);
  });

  it('gives the Yssaril a technology another player owned before the phase for 25', () => {
    let s = techPhase(['yssaril', 'sol']);
    if (s.phase.name !== 'technology') throw new Error('not in technology');
    s = { ...s, phase: { ...s.phase, knownBefore: { 'antimass-deflectors': [1] } } };
    const had = s.players[0]?.credits ?? 0;
    const known = mustApply(s, 0, { type: 'buy-technology', technology: 'antimass-deflectors' });
    expect(known.players[0]?.credits).toBe(had - 25);
    const fresh = mustApply(s, 0, { type: 'buy-technology', technology: 'hylar-v-assault-laser' });
    expect(fresh.players[0]?.credits).toBe(had - 30);
  });
});
