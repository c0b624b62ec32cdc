import { useEffect, useState } from 'preact/hooks';
import {
  DICE_SEED_SHOWN,
  FAIR_DICE_CHECKS,
  FAIR_DICE_STEPS,
  FAIR_DICE_SUMMARY,
  type GameRecord,
} from '../../net/protocol';
import { loadSeat } from '../../net/seat-tokens';
import { Icon } from '../../ui/icons';
import { fairDiceVerdict, type FairDiceVerdict } from './fair-dice-verdict';

/** Text with `code` spans, as the shared wording writes them. */
function withCode(text: string) {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/**
 * The end screen's account of the dice (docs/fair-dice.md): how they were made, what this browser
 * checked (the seed against its commitment, every share against its own, this seat's share, and
 * the commitments against those seen before revealing), and how anyone checks the public log.
 */
export function FairDice({
  gameId,
  seed,
  record,
}: {
  gameId: string;
  seed: string;
  record: Pick<GameRecord, 'seedCommitment' | 'seats'>;
}) {
  const [verdict, setVerdict] = useState<FairDiceVerdict | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void fairDiceVerdict(seed, record, loadSeat(localStorage, gameId)).then((v) => {
      if (alive) setVerdict(v);
    });
    return () => {
      alive = false;
    };
  }, [gameId, seed, record]);
  const checks = verdict === undefined ? [] : checkLines(verdict);
  return (
    <section class="fair-dice" data-testid="fair-dice" aria-label="Dice no one could choose">
      <h3>Dice no one could choose</h3>
      <p>{FAIR_DICE_SUMMARY}</p>
      {verdict === undefined ? (
        <p>Checking the seed and every seat’s bytes…</p>
      ) : (
        <>
          <ul class="fair-dice-checks">
            {checks.map(([key, ok]) => (
              <li key={key} data-check={key} data-ok={ok ? 'yes' : 'no'}>
                {ok ? <Icon name="check" /> : '✗'} {FAIR_DICE_CHECKS[key][ok ? 'ok' : 'bad']}
              </li>
            ))}
          </ul>
          <p class="small">
            {DICE_SEED_SHOWN} <code data-testid="dice-seed">{verdict.diceSeed}</code>
          </p>
        </>
      )}
      <p>Anyone can check a finished game from its public log alone:</p>
      <ol class="fair-dice-steps small">
        {FAIR_DICE_STEPS.map((step) => (
          <li key={step}>{withCode(step)}</li>
        ))}
      </ol>
    </section>
  );
}

function checkLines(v: FairDiceVerdict): [keyof typeof FAIR_DICE_CHECKS, boolean][] {
  const lines: [keyof typeof FAIR_DICE_CHECKS, boolean][] = [['seed', v.seed]];
  if (v.shares !== undefined) lines.push(['shares', v.shares]);
  if (v.mine !== undefined) lines.push(['mine', v.mine]);
  if (v.unchanged !== undefined) lines.push(['unchanged', v.unchanged]);
  return lines;
}
