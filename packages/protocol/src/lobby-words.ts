/**
 * Sentences the server and the client both say, from one definition, so the
 * lobby's hint and the server's refusal cannot disagree about who must be ready.
 * The creator starts the game by starting it: only the other players say ready.
 */
export const START_RULE = 'Every seat must be taken, and every player except the creator ready.';

/** Who the start still waits for, by seat: a free seat, or a named player not ready. */
export function startWaitingFor(
  seats: readonly { seat: number; name: string | null; taken: boolean }[],
): string {
  const list = seats.map((s) =>
    s.taken && s.name !== null ? `${s.name} (not ready)` : `seat ${String(s.seat + 1)} (free)`,
  );
  return list.length === 0 ? START_RULE : `${START_RULE} Waiting for ${list.join(', ')}.`;
}
