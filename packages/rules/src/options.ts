import { z } from 'zod';
import { RACE_IDS } from '@outer-rim/map';
import { LEADER_TYPES } from './content/leaders.js';

export const RaceChoiceSchema = z.union([z.enum(RACE_IDS), z.literal('random')]);

export const PlayerOptionSchema = z.object({
  name: z.string().min(1).max(40).optional(),
  race: RaceChoiceSchema.default('random'),
});

export const GalaxyOptionSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('build') }),
  z.object({ mode: z.literal('auto') }),
  z.object({ mode: z.literal('map-string'), mapString: z.string().min(1).max(10_000) }),
]);

export const VariantSchema = z.enum(['standard', 'long-parsecs']);

/** The option values the lobby knows before anyone has picked a race. */
const tableOptions = {
  variant: VariantSchema.default('standard'),
  galaxy: GalaxyOptionSchema.default({ mode: 'auto' }),
  shockForces: z.boolean().default(true),
  leaders: z.boolean().default(true),
  roundLimit: z.number().int().min(1).max(50).optional(),
  /** OR-6.2: the Yssaril are printed with two Agents; their third leader (default Admiral). */
  yssarilThirdLeader: z.enum(LEADER_TYPES).optional(),
};

export const GameOptionsSchema = z
  .object({
    players: z.array(PlayerOptionSchema).min(2).max(8),
    ...tableOptions,
  })
  .superRefine((options, ctx) => {
    const chosen = options.players.map((p) => p.race).filter((r) => r !== 'random');
    if (new Set(chosen).size !== chosen.length) {
      ctx.addIssue({
        code: 'custom',
        message: 'Two players chose the same race.',
        path: ['players'],
      });
    }
  });

export type GameOptionsInput = z.input<typeof GameOptionsSchema>;
export type GameOptions = z.output<typeof GameOptionsSchema>;

/**
 * The lobby's "create game" body: the same options, with a player count in
 * place of the players, who join and choose races later.
 */
export const LobbyOptionsSchema = z.object({
  playerCount: z.number().int().min(2).max(8),
  ...tableOptions,
});
export type LobbyOptionsInput = z.input<typeof LobbyOptionsSchema>;
export type LobbyOptions = z.output<typeof LobbyOptionsSchema>;

export interface SeatChoice {
  readonly name?: string;
  readonly race?: z.input<typeof RaceChoiceSchema>;
}

/** Joins the lobby's options with the seats' names and races into createGame's input. */
export function gameOptionsFromLobby(
  lobby: LobbyOptions,
  seats: readonly SeatChoice[],
): GameOptionsInput {
  const players = seats.map((s) => ({
    ...(s.name === undefined ? {} : { name: s.name }),
    race: s.race ?? 'random',
  }));
  const { playerCount: _count, ...rest } = lobby;
  return { ...rest, players };
}
