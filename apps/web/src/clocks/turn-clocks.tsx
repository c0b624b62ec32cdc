import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../net/api';
import type { TurnClocksResponse } from '../net/protocol';
import { clockWords } from './clock-words';

/**
 * Every seat's turn clock, for every seat and spectator: read again at each step of the game
 * and every few seconds, and counted down here each second while a clock runs.
 */
export function TurnClocks({
  api,
  gameId,
  seq,
  names,
}: {
  api: Api;
  gameId: string;
  seq: number;
  names: readonly string[];
}) {
  const [clocks, setClocks] = useState<{ at: number; data: TurnClocksResponse } | undefined>();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let alive = true;
    const load = () => {
      api.clocks(gameId).then(
        (data) => {
          if (alive) setClocks({ at: Date.now(), data });
        },
        () => undefined,
      );
    };
    load();
    // A pause or an expiry is no step of the game: looked at again now and then too.
    const timer = setInterval(load, 15_000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [api, gameId, seq]);

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);

  if (clocks === undefined || clocks.data.option === null) return null;
  return (
    <ul class="turn-clocks" data-testid="turn-clocks">
      {clocks.data.clocks.map((c) => {
        const left = c.running ? c.leftMs - (now - clocks.at) : c.leftMs;
        return (
          <li
            key={c.seat}
            data-seat={c.seat}
            class={`${c.running ? 'running' : ''}${c.expired ? ' expired' : ''}`}
          >
            {names[c.seat] ?? `Seat ${String(c.seat + 1)}`}:{' '}
            {c.expired ? 'out of time' : clockWords(left)}
            {c.running && !c.expired ? ' ⏳' : ''}
          </li>
        );
      })}
    </ul>
  );
}
