import type { TechId } from '../content/technologies.js';
import type { Owner, Table } from '../state/types.js';

/** BG-9: does `owner` have this technology? Minor races own none (OR-2.2). */
export function hasTech(t: Table, owner: Owner | null | undefined, tech: TechId): boolean {
  if (typeof owner !== 'number') return false;
  return t.players[owner]?.technologies.includes(tech) === true;
}
