import { useState } from 'preact/hooks';
import type { BotPolicyName } from '../net/protocol';
import { BOT_POLICY_WORDS } from '../ui/bot-mark';

/** The creator's "Add bot" on a free seat: how the bot plays, then the button. */
export function AddBot({
  seat,
  busy,
  onAdd,
}: {
  seat: number;
  busy: boolean;
  onAdd: (policy: BotPolicyName) => void;
}) {
  const [policy, setPolicy] = useState<BotPolicyName>('heuristic');
  return (
    <span class="add-bot">
      <select
        name="bot-policy"
        aria-label={`How the bot in seat ${String(seat + 1)} plays`}
        value={policy}
        disabled={busy}
        onChange={(event) => {
          setPolicy(event.currentTarget.value === 'random' ? 'random' : 'heuristic');
        }}
      >
        <option value="heuristic">{BOT_POLICY_WORDS.heuristic}</option>
        <option value="random">{BOT_POLICY_WORDS.random}</option>
      </select>{' '}
      <button
        type="button"
        name="add-bot"
        disabled={busy}
        onClick={() => {
          onAdd(policy);
        }}
      >
        Add bot
      </button>
    </span>
  );
}

/** The creator's "Remove bot" on a bot's seat, before the start. */
export function RemoveBot({ busy, onRemove }: { busy: boolean; onRemove: () => void }) {
  return (
    <button type="button" name="remove-bot" disabled={busy} onClick={onRemove}>
      Remove bot
    </button>
  );
}
