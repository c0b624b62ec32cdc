/**
 * Fair dice in words (docs/fair-dice.md): what the end screen and the server's `/docs` page say
 * about how the dice were made and how anyone checks a finished game. Worded here only.
 */

/** The first line of the text the dice seed is the SHA-256 of. */
export const DICE_SEED_LABEL = 'outer-rim dice v1';

/** How the dice were made, in one paragraph. */
export const FAIR_DICE_SUMMARY =
  'No one chose these dice. The server committed to a secret seed when the game was created, and every seat committed to random bytes of its own when it took its seat (a player’s browser drew them; a bot’s are the server’s). Each seat revealed its bytes only once every seat’s commitment was in, so no one could choose theirs after seeing another, and the dice rolled from the SHA-256 of the seed and every seat’s bytes.';

/** How anyone verifies a finished game from its public log alone, step by step. */
export const FAIR_DICE_STEPS: readonly string[] = [
  'Fetch GET /api/games/:id: SHA-256 of `seed` must be `seedCommitment`, and for every seat SHA-256 of `entropy` must be its `entropyCommitment` (hex text, hashed as UTF-8).',
  `Work out the dice seed: the hex SHA-256 of "${DICE_SEED_LABEL}", the seed and every seat’s \`entropy\` in seat order, one per line (joined with "\\n").`,
  'Fetch every action with GET /api/games/:id/actions (page on with `from`).',
  'Replay the actions with the rules package’s `replay` from that dice seed, and compare the result with GET /api/games/:id/views/:seq at the last `seq` and the record’s `winner`.',
];

/** What this browser checked itself at the end of a game, one line per check. */
export const FAIR_DICE_CHECKS = {
  seed: {
    ok: 'The server’s seed matches the commitment it published when the game was created.',
    bad: 'The server’s seed does NOT match the commitment it published.',
  },
  shares: {
    ok: 'Every seat’s bytes match the commitment it made when it took its seat.',
    bad: 'Some seat’s bytes do NOT match its commitment.',
  },
  mine: {
    ok: 'Your browser’s bytes are among them.',
    bad: 'Your browser’s bytes are NOT among them.',
  },
  unchanged: {
    ok: 'Every commitment is the one your browser saw before it revealed its bytes.',
    bad: 'The commitments changed after your browser revealed its bytes.',
  },
} as const;

/** The dice seed the browser worked out, shown beside the checks. */
export const DICE_SEED_SHOWN = 'Dice seed (SHA-256 of the seed and every seat’s bytes):';

/** The same, as a paragraph of Markdown for the OpenAPI page. */
export function fairDiceMarkdown(): string {
  return [
    `**Fair dice.** ${FAIR_DICE_SUMMARY}`,
    'How anyone verifies a finished game from its public log alone:',
    FAIR_DICE_STEPS.map((step, i) => `${String(i + 1)}. ${step}`).join('\n'),
  ].join('\n\n');
}
