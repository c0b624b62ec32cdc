import type { CreateGameRequest } from '../net/protocol';

/** The "create a game" form, as typed by the player. */
export interface CreateForm {
  readonly name: string;
  /** The game's name in the lobby; empty: "<name>'s game". */
  readonly title: string;
  readonly players: number;
  readonly variant: 'standard' | 'long-parsecs';
  readonly galaxy: 'auto' | 'build' | 'map-string';
  readonly mapString: string;
  readonly shockForces: boolean;
  readonly leaders: boolean;
  /** Empty: no round limit. */
  readonly roundLimit: string;
  /** Seconds after which an away player's seat is played by a bot; empty: never. */
  readonly handOverAfter: string;
  /** Turn clock: hours in each seat's bank (empty: no clock), hours added each round. */
  readonly clockHours: string;
  readonly clockBonusHours: string;
  /** What happens when a bank runs out: a bot plays the seat, or the table waits. */
  readonly clockExpiry: 'wait' | 'bot';
}

export const DEFAULT_FORM: CreateForm = {
  name: '',
  title: '',
  players: 3,
  variant: 'standard',
  galaxy: 'auto',
  mapString: '',
  shockForces: true,
  leaders: true,
  roundLimit: '',
  handOverAfter: '',
  clockHours: '',
  clockBonusHours: '',
  clockExpiry: 'wait',
};

/**
 * The request body for `POST /api/games`: the table options; the seats start
 * on a random race until each player picks one in the lobby.
 */
export function createRequest(form: CreateForm): CreateGameRequest {
  const galaxy =
    form.galaxy === 'map-string'
      ? { mode: 'map-string' as const, mapString: form.mapString.trim() }
      : { mode: form.galaxy };
  const limit = form.roundLimit.trim();
  const handOver = form.handOverAfter.trim();
  const title = form.title.trim();
  const clock = form.clockHours.trim();
  const bonus = form.clockBonusHours.trim();
  return {
    name: form.name.trim(),
    ...(title === '' ? {} : { title }),
    options: {
      playerCount: form.players,
      variant: form.variant,
      galaxy,
      shockForces: form.shockForces,
      leaders: form.leaders,
      ...(limit === '' ? {} : { roundLimit: Number(limit) }),
      ...(handOver === '' ? {} : { handOverAfterSeconds: Number(handOver) }),
      ...(clock === ''
        ? {}
        : {
            turnClock: {
              bankSeconds: Math.round(Number(clock) * 3600),
              bonusSeconds: bonus === '' ? 0 : Math.round(Number(bonus) * 3600),
              onExpiry: form.clockExpiry,
            },
          }),
    },
  };
}
