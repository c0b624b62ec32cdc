import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { legalActions } from '../legal-actions.js';
import { movementOptions } from '../movement/options.js';
import { home, turnOf, withUnits } from '../testing/battle.js';
import { step } from '../testing/apply.js';
import { leaderOf, SOL_LETNEV, withLeader } from '../testing/leaders.js';
import type { GameState } from '../state/types.js';

/**
 * OR-6.2 "…cannot exist on a planet with no friendly Ground/Shock Forces":
 * a leader dies only when its planet's last troops are destroyed, so a move
 * that would carry them off is refused, with the reason, and never offered.
 */

/** Sol to move, its Agent alone on Jord with `troops`, two Carriers in the home system. */
function agentOnJord(troops: { 'ground-force'?: number; 'shock-force'?: number }): GameState {
  const s0 = turnOf(0, 'movement', { ...SOL_LETNEV, shockForces: true });
  const h = home(s0, 0);
  let s = withUnits(s0, h, 0, { carrier: 2 });
  s = withUnits(s, h, 0, { spacedock: 1, ...troops }, 'Jord');
  s = withLeader(s, 0, 'agent', { hex: h, planet: 'Jord' });
  s = withLeader(s, 0, 'admiral', { status: 'killed' });
  return withLeader(s, 0, 'diplomat', { status: 'killed' });
}

function outOfHome(s: GameState): `${number},${number}` {
  const h = home(s, 0);
  const sys = movementOptions(s, 0).systems.find((x) => x.hex === h);
  const dest = sys?.groups.find((g) => g.unit === 'carrier')?.destinations[0]?.hex;
  if (dest === undefined) throw new Error('the Carriers cannot leave home');
  return dest;
}

describe('OR-6.2 a leader is never stranded on a planet by a move', () => {
  it('OR-6.2: loading the last Ground Force off a leader’s planet is refused with the reason, nothing changes', () => {
    const s = agentOnJord({ 'ground-force': 2 });
    const h = home(s, 0);
    const to = outOfHome(s);
    const move = {
      type: 'move',
      from: h,
      path: [to],
      ships: { carrier: 1 },
      load: [{ hex: h, planet: 'Jord', unit: 'ground-force', count: 2 }],
    };
    const r = apply(s, 0, move);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('ILLEGAL_ACTION');
    expect(r.error.message).toMatch(
      /Agent .*cannot exist on a planet with no friendly Ground\/Shock Forces \(OR-6\.2\)/,
    );
    // One Ground Force stays with the Agent: the move goes, the Agent stays alive on Jord.
    const after = step(s, 0, {
      ...move,
      load: [{ hex: h, planet: 'Jord', unit: 'ground-force', count: 1 }],
    });
    expect(leaderOf(after, 0, 'agent')).toMatchObject({ status: 'active', planet: 'Jord' });
  });

  it('OR-6.2: a Shock Force left behind keeps the leader company; taking both kinds away is refused', () => {
    const s = agentOnJord({ 'ground-force': 1, 'shock-force': 1 });
    const h = home(s, 0);
    const to = outOfHome(s);
    const both = {
      type: 'move',
      from: h,
      path: [to],
      ships: { carrier: 1 },
      load: [
        { hex: h, planet: 'Jord', unit: 'ground-force', count: 1 },
        { hex: h, planet: 'Jord', unit: 'shock-force', count: 1 },
      ],
    };
    expect(apply(s, 0, both).ok).toBe(false);
    const kept = step(s, 0, { ...both, load: both.load.slice(0, 1) });
    expect(leaderOf(kept, 0, 'agent').status).toBe('active');
  });

  it('OR-6.2: no offered move strands a leader; the options say what stays and why', () => {
    const s = agentOnJord({ 'ground-force': 1 });
    const h = home(s, 0);
    for (const a of legalActions(s, 0)) {
      if (a.type !== 'move') continue;
      expect(a.load?.some((l) => l.planet === 'Jord') ?? false).toBe(false);
    }
    const jord = movementOptions(s, 0)
      .systems.find((x) => x.hex === h)
      ?.loadable.find((src) => src.planet === 'Jord' && src.unit === 'ground-force');
    expect(jord).toMatchObject({ count: 0 });
    expect(jord?.held).toMatch(/stays with .*Agent.* \(OR-6\.2\)/);
  });
});
