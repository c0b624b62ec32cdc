import { cardName } from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import type { GroupProps } from './action-groups';

/**
 * Market phase: an offer of any amount of credits and any of the cards in
 * hand to one player. Who may receive one comes from the legal actions; the
 * amounts are the player's to choose, and the engine checks them again.
 */
export function MarketOfferForm({ group, names, context, busy, onAct }: GroupProps) {
  const recipients = [
    ...new Set(group.actions.flatMap((a) => (a.type === 'make-offer' ? [a.to] : []))),
  ];
  const credits = context.credits ?? 0;
  const hand = context.hand ?? [];
  const [to, setTo] = useState<number | undefined>(undefined);
  const [amount, setAmount] = useState(0);
  const [cards, setCards] = useState<readonly string[]>([]);
  const target = to !== undefined && recipients.includes(to) ? to : recipients[0];
  const valid = amount >= 0 && amount <= credits && Number.isInteger(amount);
  const empty = amount === 0 && cards.length === 0;
  return (
    <form
      class="action-group offer-form"
      data-testid="offer-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (target === undefined || !valid || empty) return;
        void onAct({ type: 'make-offer', to: target, credits: amount, cards: [...cards] }).then(
          () => {
            setAmount(0);
            setCards([]);
          },
        );
      }}
    >
      <h4>{group.title}</h4>
      <label>
        To{' '}
        <select
          name="to"
          value={String(target)}
          onChange={(event) => {
            setTo(Number(event.currentTarget.value));
          }}
        >
          {recipients.map((seat) => (
            <option key={seat} value={String(seat)}>
              {names[seat] ?? `Seat ${seat + 1}`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Credits{' '}
        <input
          type="number"
          name="credits"
          min={0}
          max={credits}
          step={1}
          value={String(amount)}
          onInput={(event) => {
            const n = Number(event.currentTarget.value);
            setAmount(Number.isFinite(n) ? Math.trunc(n) : 0);
          }}
        />{' '}
        <small>of {credits}</small>
      </label>
      {hand.length === 0 ? null : (
        <fieldset class="cards">
          <legend>Action cards</legend>
          {hand.map((card) => (
            <label key={card} class="card-choice">
              <input
                type="checkbox"
                name="card"
                value={card}
                checked={cards.includes(card)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setCards((list) => (on ? [...list, card] : list.filter((c) => c !== card)));
                }}
              />{' '}
              {cardName(card)}
            </label>
          ))}
        </fieldset>
      )}
      {valid ? null : <p class="error">Offer between 0 and {credits} credits.</p>}
      <button type="submit" class="action" disabled={busy || !valid || empty}>
        Make the offer
      </button>
    </form>
  );
}
