/**
 * "Why not?": a refusal ends with the id of the rule that stopped it, in parentheses ("…
 * (OR-4.1)"); this is the one line a player reads for that rule, kept once, here. The web shows
 * it under a refusal and lists them all on the "About the rules" page.
 */
export const RULE_LINES: Readonly<Record<string, string>> = {
  'BG-2':
    'Units are paid in full from the credits you hold when you buy them, and each Spacedock places at most its planet’s resources in new units a round.',
  'BG-3':
    'Dreadnoughts, Carriers, Cruisers, Fighters, Ground Forces, PDS and Spacedocks are bought at their cost; Shock Forces are never bought.',
  'BG-5':
    'A ship moves up to its move value; entering a system with another player’s ships ends its move.',
  'BG-6':
    'Both sides roll a die per ship each round; every hit destroys a ship its owner chooses, with the cargo the Carriers left can no longer hold.',
  'BG-7':
    'Ground Forces land from your ships onto the planets of a system without enemy ships; Dreadnoughts there may bombard first.',
  'BG-9':
    'A technology or an action card changes the rules only as its text says, and only when it says.',
  'BG-10':
    'Reaching Imperium Rex wins; at the round limit the highest bracket wins, ties going to more influence, then more resources.',
  'OR-4.1': 'A ship that enters a Nebula stops there.',
  'OR-4.2':
    'A ship leaving a Gravity Rift rolls a die; the roll says through which sides it may leave.',
  'OR-6.1': 'Shock Forces hit on 5 or more, and no player has more than 3 on the board.',
  'OR-6.2': 'A leader stands on a friendly planet or rides aboard one of its owner’s ships.',
};

/** The rule id a refusal names at its end ("… (BG-2)"), if any. */
export function ruleIdOf(message: string): string | undefined {
  return /\(((?:BG|OR)-\d+(?:\.\d+)?)\)\.?$/.exec(message.trim())?.[1];
}

/** The rule behind a refusal and its one line, when the refusal names a rule that has one. */
export function whyNot(message: string): { rule: string; line: string } | undefined {
  const rule = ruleIdOf(message);
  const line = rule === undefined ? undefined : RULE_LINES[rule];
  return rule === undefined || line === undefined ? undefined : { rule, line };
}
