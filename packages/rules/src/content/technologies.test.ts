import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULE_CONSTANTS } from './constants.js';
import { TECH_COLOURS } from './tech-colours.js';
import {
  TECHNOLOGIES,
  TECH_IDS,
  isTechId,
  prerequisiteIds,
  prerequisitesMet,
  techById,
} from './technologies.js';
import type { TechId } from './technologies.js';

/** Kahn's algorithm: the ids in an order where every prerequisite comes first, or null on a cycle. */
function topologicalOrder(): TechId[] | null {
  const pending = new Map(
    TECHNOLOGIES.map((t) => [t.id, new Set(prerequisiteIds(t.prerequisites))]),
  );
  const order: TechId[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, deps]) => deps.size === 0).map(([id]) => id);
    if (ready.length === 0) return null;
    for (const id of ready) {
      pending.delete(id);
      order.push(id);
      for (const deps of pending.values()) deps.delete(id);
    }
  }
  return order;
}

describe('BG-9 technologies', () => {
  describe('technology tree', () => {
    it('has 24 technologies with unique ids, six per colour', () => {
      expect(TECHNOLOGIES).toHaveLength(24);
      expect(new Set(TECHNOLOGIES.map((t) => t.id)).size).toBe(24);
      for (const colour of TECH_COLOURS) {
        expect(TECHNOLOGIES.filter((t) => t.colour === colour)).toHaveLength(6);
      }
    });

    it('includes Spatial Jump and Antimass Deflectors', () => {
      expect(techById('spatial-jump').colour).toBe('blue');
      expect(techById('antimass-deflectors').prerequisites).toBeNull();
    });

    it('costs 30 credits each', () => {
      expect(RULE_CONSTANTS.technologyCost).toBe(30);
      for (const t of TECHNOLOGIES) expect(t.cost).toBe(30);
    });

    it('names only real technologies as prerequisites, never itself', () => {
      for (const t of TECHNOLOGIES) {
        const ids = prerequisiteIds(t.prerequisites);
        if (t.prerequisites !== null) expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) {
          expect(TECH_IDS).toContain(id);
          expect(id).not.toBe(t.id);
        }
      }
    });

    it('has no cycles, so every technology can be reached from nothing', () => {
      const order = topologicalOrder();
      expect(order).not.toBeNull();
      const owned: TechId[] = [];
      for (const id of order ?? []) {
        expect(prerequisitesMet(owned, id)).toBe(true);
        owned.push(id);
      }
      expect(owned).toHaveLength(TECHNOLOGIES.length);
    });

    it('tags the whole tree provisional with a source and an effect text', () => {
      for (const t of TECHNOLOGIES) {
        expect(t.provisional).toBe(true);
        expect(t.source).not.toBe('');
        expect(t.effect).not.toBe('');
      }
    });

    it('looks technologies up by id and rejects unknown ids', () => {
      expect(techById('cybernetics').name).toBe('Cybernetics');
      expect(techById('war-sun')).toBeUndefined();
      expect(isTechId('xrd-transporter')).toBe(true);
      expect(isTechId('destroyer')).toBe(false);
    });
  });

  describe('prerequisites', () => {
    it('needs nothing for a root technology', () => {
      expect(prerequisitesMet([], 'hylar-v-assault-laser')).toBe(true);
    });

    it('needs every listed technology for an AND prerequisite', () => {
      expect(prerequisitesMet(['neural-motivator'], 'type-iv-drive')).toBe(false);
      expect(prerequisitesMet(['xrd-transporter'], 'type-iv-drive')).toBe(false);
      expect(prerequisitesMet(['neural-motivator', 'xrd-transporter'], 'type-iv-drive')).toBe(true);
    });

    it('needs any one listed technology for an OR prerequisite', () => {
      expect(prerequisitesMet([], 'cybernetics')).toBe(false);
      expect(prerequisitesMet(['antimass-deflectors'], 'cybernetics')).toBe(true);
      expect(prerequisitesMet(['stasis-capsules'], techById('cybernetics'))).toBe(true);
    });

    it('stays met when more technologies are owned', () => {
      const techArb = fc.constantFrom(...TECH_IDS);
      fc.assert(
        fc.property(fc.array(techArb), fc.array(techArb), techArb, (owned, more, tech) => {
          if (prerequisitesMet(owned, tech)) {
            expect(prerequisitesMet([...owned, ...more], tech)).toBe(true);
          }
        }),
      );
    });
  });
});

describe('OR-4.2 Spatial Jump and BG-5 Antimass Deflectors', () => {
  it('lets Spatial Jump ignore Gravity Rifts', () => {
    expect(techById('spatial-jump').effects).toContainEqual({
      kind: 'anomaly-immunity',
      anomaly: 'gravity-rift',
    });
  });

  it('lets Antimass Deflectors pass through Asteroid Fields', () => {
    expect(techById('antimass-deflectors').effects).toContainEqual({
      kind: 'anomaly-pass-through',
      anomaly: 'asteroid-field',
    });
  });
});
