import { useEffect, useState } from 'preact/hooks';
import { ApiError, type Api } from '../net/api';
import type { UndoNotice, UndoStatus } from '../net/protocol';

/**
 * Taking back a misclick: this seat's "Undo" with what it would undo in the log's words, or why
 * it may not (a die rolled, something hidden revealed since); the undo another seat asks that
 * needs this seat's consent; and the one this seat waits on. Read again at each step of the game
 * and each undo notice.
 */
export function UndoControl({
  api,
  gameId,
  seq,
  token,
  me,
  names,
  notice,
}: {
  api: Api;
  gameId: string;
  seq: number;
  token: string;
  me: number;
  names: readonly string[];
  /** the last undo notice heard: asked, done or declined */
  notice: UndoNotice | undefined;
}) {
  const [status, setStatus] = useState<UndoStatus | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    api.undoStatus(gameId, token).then(
      (next) => {
        if (alive) setStatus(next);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [api, gameId, token, seq, notice]);

  if (status === undefined) return null;
  const name = (seat: number) => names[seat] || `Seat ${String(seat + 1)}`;
  const run = async (send: () => Promise<unknown>) => {
    setError(undefined);
    setBusy(true);
    try {
      await send();
      setStatus(await api.undoStatus(gameId, token));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The undo did not reach the server.');
    } finally {
      setBusy(false);
    }
  };
  const { plan, pending } = status;
  const declined =
    notice?.declined !== undefined && notice.gameId === gameId
      ? `${name(notice.declined.seat)} did not agree to the undo.`
      : undefined;

  let body;
  if (pending !== null && pending.needs.includes(me) && !pending.consents.includes(me)) {
    body = (
      <div data-testid="undo-consent">
        <span>
          {name(pending.seat)} asks to take back: {pending.lines.join(' ')} Your step goes back
          too.{' '}
        </span>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => api.answerUndo(gameId, token, pending.seq, true))}
        >
          Agree
        </button>{' '}
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => api.answerUndo(gameId, token, pending.seq, false))}
        >
          Refuse
        </button>
      </div>
    );
  } else if (pending !== null && pending.seat === me) {
    const waiting = pending.needs.filter((s) => !pending.consents.includes(s)).map(name);
    body = (
      <span data-testid="undo-waiting">
        Waiting for {waiting.join(', ')} to agree to take back: {pending.lines.join(' ')}
      </span>
    );
  } else if (plan.ok) {
    const consent =
      plan.consentFrom.length === 0
        ? ''
        : ` (with ${plan.consentFrom.map(name).join(', ')}'s consent: their step goes back too)`;
    body = (
      <>
        <span data-testid="undo-preview">
          Undo: {plan.lines.join(' ')}
          {consent}{' '}
        </span>
        <button
          type="button"
          data-testid="undo"
          disabled={busy}
          onClick={() => void run(() => api.askUndo(gameId, token, plan.seq, status.head))}
        >
          Undo
        </button>
      </>
    );
  } else if (plan.reason !== 'nothing' && plan.reason !== 'over') {
    body = <span data-testid="undo-refused">{plan.message}</span>;
  } else {
    body = null;
  }
  if (body === null && error === undefined && declined === undefined) return null;
  return (
    <div class="undo-control" data-testid="undo-control">
      {body}
      {declined === undefined ? null : <span> {declined}</span>}
      {error === undefined ? null : <span class="error"> {error}</span>}
    </div>
  );
}
