import type { RaceId } from '@outer-rim/map';
import { LEADER_ALLOCATION, LEADERS, LEADER_TYPES } from '../content/leaders.js';
import type { LeaderType } from '../content/leaders.js';
import { RACES } from '../content/races.js';

/** Leader ids are `<race>-<type>-<n>` (setup/create-game.ts). */
export function parseLeaderId(id: string): { race: RaceId; type: LeaderType; n: number } | null {
  const m = /^(.+)-([a-z]+)-(\d+)$/.exec(id);
  if (m === null) return null;
  const [, race = '', type = '', n = '0'] = m;
  if (!(race in RACES) || !(LEADER_TYPES as readonly string[]).includes(type)) return null;
  return { race: race as RaceId, type: type as LeaderType, n: Number(n) };
}

/** "the Sardakk N'orr General (2)": a name, never an id, for the log and the board. */
export function leaderName(id: string): string {
  const p = parseLeaderId(id);
  if (p === null) return 'a leader';
  const twins = LEADER_ALLOCATION[p.race].leaders.filter((t) => t === p.type).length > 1;
  return `the ${RACES[p.race].name} ${LEADERS[p.type].name}${twins ? ` (${p.n})` : ''}`;
}

/** "the Agent", "the Agent (2)": a leader named among its owner's own, as a ship's line says it. */
export function shortLeaderName(id: string): string {
  const p = parseLeaderId(id);
  if (p === null) return 'a leader';
  const twins = LEADER_ALLOCATION[p.race].leaders.filter((t) => t === p.type).length > 1;
  return `the ${LEADERS[p.type].name}${twins ? ` (${p.n})` : ''}`;
}
