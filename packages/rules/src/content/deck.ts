/** A card kind with its number of copies, as both card decks list them. */
export interface CountedCard {
  readonly id: string;
  readonly count: number;
}

/**
 * Instance ids `<card id>#<n>` (n from 1), card after card in list order.
 * The instance id keeps copies apart in hands and logs while the card id
 * stays readable in it.
 */
export function deckInstances(cards: readonly CountedCard[]): string[] {
  return cards.flatMap((c) => Array.from({ length: c.count }, (_, i) => `${c.id}#${i + 1}`));
}

/** The card id of an instance id (`sabotage#3` → `sabotage`). */
export function cardIdOf(instanceId: string): string {
  const hash = instanceId.lastIndexOf('#');
  return hash === -1 ? instanceId : instanceId.slice(0, hash);
}
