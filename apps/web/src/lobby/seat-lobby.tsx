import { RACE_IDS, raceName } from '@outer-rim/map';
import { useState } from 'preact/hooks';
import { ApiError, type Api } from '../net/api';
import {
  gameTitle,
  sharesInWords,
  sharesMissing,
  sharesWaitingFor,
  START_RULE,
  startWaitingFor,
  type GameRecord,
} from '../net/protocol';
import { newShare } from '../net/dice-share';
import { BotMark } from '../ui/bot-mark';
import { Presence } from '../ui/presence';
import type { StoredSeat } from '../net/seat-tokens';
import { ownerColour } from '../ui/colours';
import { Icon } from '../ui/icons';
import { AddBot, RemoveBot } from './bot-seat-controls';
import { describeOptions } from './options-words';
import { isRaceId, raceLabel } from './race';

export interface SeatLobbyProps {
  readonly record: GameRecord;
  readonly stored: StoredSeat | undefined;
  readonly api: Api;
  readonly onClaimed: (seat: StoredSeat) => void;
  /** The seat was given back: forget its token. */
  readonly onLeft: () => void;
  /** Which seats have their player connected now. */
  readonly presence?: readonly boolean[] | undefined;
  /** Why this browser's share of the dice could not be sent, if it could not. */
  readonly shareError?: string | undefined;
}

function message(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong; try again.';
}

/** A game waiting for players: seats, names, races, ready marks; the creator starts it. */
export function SeatLobby({
  record,
  stored,
  api,
  onClaimed,
  onLeft,
  presence,
  shareError,
}: SeatLobbyProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const me = stored === undefined ? undefined : record.seats[stored.seat];
  const taken = new Set(record.seats.filter((s) => s.seat !== stored?.seat).map((s) => s.race));
  const full = record.seats.every((s) => s.taken);
  // The creator starts the game by starting it: only the others say ready.
  const allReady = record.seats.every((s) => s.taken && (s.ready || s.seat === record.creatorSeat));
  const isCreator = stored !== undefined && stored.seat === record.creatorSeat;
  // The start also waits for every seat's share of the dice (docs/fair-dice.md).
  const missingShares = sharesMissing(record.seats);
  const startable = full && allReady && missingShares.length === 0;

  const run = (task: () => Promise<void>) => async () => {
    setBusy(true);
    setError(undefined);
    try {
      await task();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  const claim = run(async () => {
    const share = await newShare();
    const answer = await api.claimSeat(record.id, {
      name: name.trim(),
      entropyCommitment: share.entropyCommitment,
    });
    onClaimed({
      seat: answer.seat,
      token: answer.token,
      name: name.trim(),
      entropy: share.entropy,
    });
  });

  return (
    <section class="seat-lobby panel">
      <h2>
        <span data-testid="game-title">{gameTitle(record)}</span>: waiting for players
      </h2>
      <p>{describeOptions(record.options, record.seats.length)}</p>
      <p class="small">
        Seed commitment (SHA-256 of the seed, revealed when the game ends):{' '}
        <code data-testid="seed-commitment">{record.seedCommitment}</code>
      </p>
      <p class="small" data-testid="dice-shares">
        {sharesInWords(record.seats)}
      </p>
      <table class="seats">
        <thead>
          <tr>
            <th>Seat</th>
            <th>Player</th>
            <th>Race</th>
            <th>Ready</th>
          </tr>
        </thead>
        <tbody>
          {record.seats.map((seat) => (
            <tr
              key={seat.seat}
              class={seat.seat === stored?.seat ? 'me' : ''}
              data-seat={seat.seat}
            >
              <td>
                <span class="swatch" style={{ background: ownerColour(seat.seat) }} />{' '}
                {seat.seat + 1}
              </td>
              <td class="name-cell">
                {seat.taken ? (
                  <>
                    {seat.bot === undefined ? <Presence online={presence?.[seat.seat]} /> : null}
                    <span class="name" title={seat.name ?? ''}>
                      {seat.name}
                    </span>{' '}
                    <BotMark seat={seat} />
                    {isCreator && seat.bot !== undefined ? (
                      <>
                        {' '}
                        <RemoveBot
                          busy={busy}
                          onRemove={() => {
                            void run(() => api.removeBot(record.id, stored.token, seat.seat))();
                          }}
                        />
                      </>
                    ) : null}
                  </>
                ) : (
                  <>
                    <i class="faint">free</i>
                    {isCreator ? (
                      <>
                        {' '}
                        <AddBot
                          seat={seat.seat}
                          busy={busy}
                          onAdd={(policy) => {
                            void run(() =>
                              api.addBot(record.id, stored.token, seat.seat, policy),
                            )();
                          }}
                        />
                      </>
                    ) : null}
                  </>
                )}
              </td>
              <td>{seat.race === 'random' ? 'random' : raceLabel(seat.race)}</td>
              <td>
                {seat.seat === record.creatorSeat && seat.taken ? (
                  'host'
                ) : seat.ready ? (
                  <>
                    <Icon name="check" /> ready
                  </>
                ) : seat.taken ? (
                  'not yet'
                ) : (
                  ''
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {stored === undefined ? (
        full ? (
          <p>Every seat is taken; you will watch as a spectator when the game starts.</p>
        ) : (
          <form
            class="claim"
            onSubmit={(event) => {
              event.preventDefault();
              void claim();
            }}
          >
            <label>
              Your name{' '}
              <input
                name="name"
                value={name}
                maxLength={32}
                required
                onInput={(event) => {
                  setName(event.currentTarget.value);
                }}
              />
            </label>{' '}
            <button type="submit" disabled={busy || name.trim() === ''}>
              Take a seat
            </button>
          </form>
        )
      ) : (
        <div class="my-seat">
          <p>
            You are <b>{stored.name}</b> in seat {stored.seat + 1}.
          </p>
          <label>
            Race{' '}
            <select
              name="race"
              value={me?.race ?? 'random'}
              disabled={busy}
              onChange={(event) => {
                const race = event.currentTarget.value;
                if (race !== 'random' && !isRaceId(race)) return;
                void run(() => api.updateSeat(record.id, stored.token, { race }))();
              }}
            >
              <option value="random">random</option>
              {RACE_IDS.map((race) => (
                <option key={race} value={race} disabled={taken.has(race)}>
                  {raceName(race)}
                </option>
              ))}
            </select>
          </label>{' '}
          {/* The creator says ready by starting the game: no Ready button of its own. */}
          {isCreator ? null : (
            <>
              <button
                type="button"
                name="ready"
                disabled={busy}
                onClick={() => {
                  void run(() =>
                    api.updateSeat(record.id, stored.token, { ready: !(me?.ready ?? false) }),
                  )();
                }}
              >
                {me?.ready === true ? 'Not ready' : 'Ready'}
              </button>{' '}
            </>
          )}
          {isCreator ? (
            <button
              type="button"
              name="start"
              disabled={busy || !startable}
              title={startable ? '' : START_RULE}
              onClick={() => {
                void run(() => api.startGame(record.id, stored.token))();
              }}
            >
              Start the game
            </button>
          ) : (
            <button
              type="button"
              name="leave"
              disabled={busy}
              onClick={() => {
                void run(async () => {
                  await api.leaveSeat(record.id, stored.token);
                  onLeft();
                })();
              }}
            >
              Leave this seat
            </button>
          )}
          {isCreator && !startable ? (
            <p class="hint" data-testid="start-hint">
              {full && allReady
                ? sharesWaitingFor(missingShares)
                : startWaitingFor(
                    record.seats.filter(
                      (s) => !s.taken || (!s.ready && s.seat !== record.creatorSeat),
                    ),
                  )}
            </p>
          ) : null}
        </div>
      )}
      {error === undefined ? null : (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {shareError === undefined ? null : (
        <p class="error" role="alert" data-testid="share-error">
          {shareError}
        </p>
      )}
    </section>
  );
}
