import { decisions, type GameView } from '@outer-rim/rules';

/**
 * What `seat` is asked to decide now, in the rules' plain words; empty when nothing. An
 * `any-time` decision is offered, never awaited, so it is no one's move.
 */
export function owedPrompts(view: GameView, seat: number | undefined): string[] {
  if (seat === undefined) return [];
  const prompts: string[] = [];
  for (const d of decisions(view)) {
    if (d.seat === seat && d.kind !== 'any-time' && !prompts.includes(d.prompt)) {
      prompts.push(d.prompt);
    }
  }
  return prompts;
}
