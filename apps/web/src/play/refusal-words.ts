import { ruleIdOf } from '@outer-rim/rules';

/**
 * A refusal as the player reads it: the server's sentence, ending with the id of the rule that
 * caused it ("… (BG-5)") when the sentence does not name it already. The "Why not?" line under
 * it (decision-panel.tsx) reads the id from there.
 */
export function refusalText(error: {
  readonly message: string;
  readonly rule?: string | undefined;
}): string {
  const rule = error.rule;
  if (rule === undefined || ruleIdOf(error.message) === rule) return error.message;
  const sentence = error.message.trim().replace(/\.$/, '');
  return `${sentence} (${rule}).`;
}
