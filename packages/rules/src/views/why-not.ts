import { ruleIdOf } from '../errors.js';

/**
 * "Why not?": a refusal ends with the id of the rule that stopped it, in parentheses ("…
 * (OR-4.1)"); this is the one line a player reads for that rule, kept once, here. The web shows
 * it under a refusal and lists them all on the "About the rules" page.
 */
export const RULE_LINES: Readonly<Record<string, string>> = {
  'BG-1': 'Each race has its own abilities, used only as its sheet says and only by its player.',
  'BG-2':
    'Units are paid in full from the credits you hold when you buy them, and each Spacedock places at most its planet’s resources in new units a round.',
  'BG-3':
    'Dreadnoughts, Carriers, Cruisers, Fighters, Ground Forces, PDS and Spacedocks are bought at their cost; Shock Forces are never bought.',
  'BG-4':
    'Tiles are laid one at a time in snake order, ring by ring; after a planetless tile comes a planet tile, and anomalies keep apart.',
  'BG-5':
    'A ship moves up to its move value; entering a system with another player’s ships ends its move.',
  'BG-6':
    'Both sides roll a die per ship each round; every hit destroys a ship its owner chooses, with the cargo the Carriers left can no longer hold.',
  'BG-7':
    'Ground Forces land from your ships onto the planets of a system without enemy ships; Dreadnoughts there may bombard first.',
  'BG-8':
    'One political card is drawn and everyone votes with all of their influence or none, least influence first.',
  'BG-9':
    'A technology or an action card changes the rules only as its text says, and only when it says.',
  'BG-10':
    'Reaching Imperium Rex wins; at the round limit the highest bracket wins, ties going to more influence, then more resources.',
  'BG-11':
    'A Trade Agreement names one partner, who accepts or refuses; either partner may cancel it at any time.',
  'OR-4.1': 'A ship that enters a Nebula stops there.',
  'OR-4.2':
    'A ship leaving a Gravity Rift rolls a die; the roll says through which sides it may leave.',
  'OR-6.1': 'Shock Forces hit on 5 or more, and no player has more than 3 on the board.',
  'OR-6.2': 'A leader stands on a friendly planet or rides aboard one of its owner’s ships.',
};

export { ruleIdOf };

/**
 * The rule behind a refusal and its one line: the refusal's `rule` (every refusal by the rules
 * carries one), else the rule its words name.
 */
export function whyNot(
  refusal: string | { readonly message: string; readonly rule?: string | undefined },
): { rule: string; line: string } | undefined {
  const rule =
    typeof refusal === 'string' ? ruleIdOf(refusal) : (refusal.rule ?? ruleIdOf(refusal.message));
  const line = rule === undefined ? undefined : RULE_LINES[rule];
  return rule === undefined || line === undefined ? undefined : { rule, line };
}
