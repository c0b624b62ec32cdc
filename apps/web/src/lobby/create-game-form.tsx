import { useState } from 'preact/hooks';
import { ApiError, type Api } from '../net/api';
import { newShare } from '../net/dice-share';
import { createRequest, DEFAULT_FORM, type CreateForm } from './create-request';
import { checkMapString, exampleMapString, MAP_STRING_FORMAT } from './map-string-check';

export interface CreateGameFormProps {
  readonly api: Api;
  /** `entropy`: this browser's share of the dice, committed to in the request (docs/fair-dice.md) */
  readonly onCreated: (
    gameId: string,
    seat: number,
    token: string,
    name: string,
    entropy: string,
  ) => void;
}

/** Every option the rules offer (BG-1, BG-4, OR-2.3, OR-6.1, OR-6.2, BG-10 round limit). */
export function CreateGameForm({ api, onCreated }: CreateGameFormProps) {
  const [form, setForm] = useState<CreateForm>(DEFAULT_FORM);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<CreateForm>) => {
    setForm((f) => ({ ...f, ...patch }));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const request = createRequest(form);
      const share = await newShare();
      const answer = await api.createGame({
        ...request,
        entropyCommitment: share.entropyCommitment,
      });
      onCreated(answer.gameId, answer.seat, answer.token, request.name, share.entropy);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The game could not be created.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="panel create-game" onSubmit={(event) => void submit(event)}>
      <h2>Create a game</h2>
      <label>
        Your name{' '}
        <input
          name="name"
          required
          maxLength={32}
          value={form.name}
          onInput={(e) => {
            set({ name: e.currentTarget.value });
          }}
        />
      </label>
      <label>
        Game name{' '}
        <input
          name="title"
          maxLength={48}
          value={form.title}
          placeholder={form.name.trim() === '' ? 'Your game' : `${form.name.trim()}'s game`}
          onInput={(e) => {
            set({ title: e.currentTarget.value });
          }}
        />
      </label>
      <label>
        Players{' '}
        <select
          name="players"
          value={String(form.players)}
          onChange={(e) => {
            set({ players: Number(e.currentTarget.value) });
          }}
        >
          {[2, 3, 4, 5, 6, 7, 8].map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        Map{' '}
        <select
          name="variant"
          value={form.variant}
          onChange={(e) => {
            set({
              variant: e.currentTarget.value === 'long-parsecs' ? 'long-parsecs' : 'standard',
            });
          }}
        >
          <option value="standard">Standard</option>
          <option value="long-parsecs">Long Parsecs (homes in the Outer Rim)</option>
        </select>
      </label>
      <label>
        Galaxy{' '}
        <select
          name="galaxy"
          value={form.galaxy}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set({ galaxy: v === 'build' ? 'build' : v === 'map-string' ? 'map-string' : 'auto' });
          }}
        >
          <option value="auto">Built automatically</option>
          <option value="build">Players build it, tile by tile</option>
          <option value="map-string">From a map string</option>
        </select>
      </label>
      {form.galaxy === 'map-string' ? (
        <MapStringField
          value={form.mapString}
          players={form.players}
          variant={form.variant}
          onInput={(mapString) => {
            set({ mapString });
          }}
        />
      ) : null}
      <label>
        <input
          type="checkbox"
          name="shockForces"
          checked={form.shockForces}
          onChange={(e) => {
            set({ shockForces: e.currentTarget.checked });
          }}
        />{' '}
        Shock Forces
      </label>
      <label>
        <input
          type="checkbox"
          name="leaders"
          checked={form.leaders}
          onChange={(e) => {
            set({ leaders: e.currentTarget.checked });
          }}
        />{' '}
        Leaders
      </label>
      <label>
        Round limit{' '}
        <input
          name="roundLimit"
          type="number"
          min={1}
          max={50}
          placeholder="none"
          value={form.roundLimit}
          onInput={(e) => {
            set({ roundLimit: e.currentTarget.value });
          }}
        />
      </label>
      <label>
        Hand an away player's seat to a bot after (seconds)
        <input
          name="handOverAfter"
          type="number"
          min={1}
          max={86400}
          placeholder="never"
          value={form.handOverAfter}
          onInput={(e) => {
            set({ handOverAfter: e.currentTarget.value });
          }}
        />
      </label>
      <p class="small">The player gets the seat back on return.</p>
      <label>
        Turn clock: hours in each seat's bank
        <input
          name="clockHours"
          type="number"
          min={1}
          max={720}
          placeholder="no clock"
          value={form.clockHours}
          onInput={(e) => {
            set({ clockHours: e.currentTarget.value });
          }}
        />
      </label>
      <label>
        Hours added to each bank every round
        <input
          name="clockBonusHours"
          type="number"
          min={0}
          max={168}
          placeholder="0"
          value={form.clockBonusHours}
          onInput={(e) => {
            set({ clockBonusHours: e.currentTarget.value });
          }}
        />
      </label>
      <p class="small">A seat's clock runs only while it owes a decision.</p>
      <label>
        When a seat's clock runs out{' '}
        <select
          name="clockExpiry"
          value={form.clockExpiry}
          onChange={(e) => {
            set({ clockExpiry: e.currentTarget.value === 'bot' ? 'bot' : 'wait' });
          }}
        >
          <option value="wait">the table is told and waits</option>
          <option value="bot">a bot plays it until its player returns</option>
        </select>
      </label>
      <button
        type="submit"
        disabled={
          busy ||
          form.name.trim() === '' ||
          (form.galaxy === 'map-string' &&
            !checkMapString(form.mapString, form.players, form.variant).ok)
        }
      >
        Create
      </button>
      {error === undefined ? null : (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function MapStringField(props: {
  value: string;
  players: number;
  variant: 'standard' | 'long-parsecs';
  onInput: (value: string) => void;
}) {
  const check = checkMapString(props.value, props.players, props.variant);
  const example = exampleMapString(props.players, props.variant);
  return (
    <div class="map-string">
      <label>
        Map string{' '}
        <textarea
          name="mapString"
          required
          rows={3}
          value={props.value}
          aria-invalid={!check.ok}
          aria-describedby="map-string-check"
          onInput={(e) => {
            props.onInput(e.currentTarget.value);
          }}
        />
      </label>
      <p id="map-string-check" class={check.ok ? 'ok small' : 'error small'} role="status">
        {check.message}
      </p>
      <details class="small">
        <summary>Format and example</summary>
        <p>{MAP_STRING_FORMAT}</p>
        <p>
          Example for {props.players} players: <code data-testid="map-example">{example}</code>{' '}
          <button
            type="button"
            class="link"
            onClick={() => {
              props.onInput(example);
            }}
          >
            use it
          </button>
        </p>
      </details>
    </div>
  );
}
