import type { SeatRecord } from '../net/protocol';

/** How each bot policy plays, in the players' words. */
export const BOT_POLICY_WORDS = {
  heuristic: 'plays sensibly',
  random: 'plays at random',
} as const;

/** Says a seat is a bot's, or is played by a bot while its player is away; nothing otherwise. */
export function BotMark({ seat }: { seat: Pick<SeatRecord, 'bot' | 'handedOver'> | undefined }) {
  if (seat?.bot !== undefined) {
    return (
      <small
        class="bot-mark"
        data-testid="bot-mark"
        title={`a bot that ${BOT_POLICY_WORDS[seat.bot]}`}
      >
        bot
      </small>
    );
  }
  if (seat?.handedOver === true) {
    return (
      <small class="bot-mark away" data-testid="bot-mark">
        played by a bot while away
      </small>
    );
  }
  return null;
}
