import { heuristicBot, randomBot } from '@outer-rim/rules';
import type { BotPolicy } from '@outer-rim/rules';
import type { BotPolicyName } from '@outer-rim/protocol';

/** The rules package's policy of that name, seeded for one decision. */
export function makePolicy(name: BotPolicyName, seed: number): BotPolicy {
  return name === 'random' ? randomBot(seed) : heuristicBot(seed);
}
