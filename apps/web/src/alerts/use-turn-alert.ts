import type { GameView } from '@outer-rim/rules';
import { useEffect, useRef } from 'preact/hooks';
import type { AlertSettings } from './alert-settings';
import { chime } from './chime';
import { owedPrompts } from './owed';
import { alertTitle, showFavicon, YOUR_MOVE_TITLE } from './tab-alert';

/**
 * While `seat` owes a decision the tab's title and icon say so; when a new decision comes while
 * the page is in the background, the seat's chosen sound and system notification tell it too,
 * once per decision (not again for each step of others while it still waits on the same one).
 */
/** The page is hidden (another tab, a minimised window) or its window is not the one in use. */
function inBackground(): boolean {
  return document.hidden || !document.hasFocus();
}

export function useTurnAlert(
  gameId: string,
  view: GameView | undefined,
  seat: number | undefined,
  settings: AlertSettings,
): void {
  const prompts = view === undefined ? [] : owedPrompts(view, seat);
  const yourMove = prompts.length > 0;
  const signature = prompts.join('\n');
  const base = useRef(document.title);
  const told = useRef('');

  useEffect(() => {
    document.title = alertTitle(base.current, yourMove);
    showFavicon(document, yourMove);
  }, [yourMove]);

  useEffect(
    () => () => {
      document.title = base.current;
      showFavicon(document, false);
    },
    [],
  );

  useEffect(() => {
    if (!yourMove) {
      told.current = '';
      return;
    }
    if (told.current === signature) return;
    told.current = signature;
    if (!inBackground()) return;
    if (settings.sound) chime();
    if (settings.system && 'Notification' in window && Notification.permission === 'granted') {
      const note = new Notification(`${YOUR_MOVE_TITLE} — Outer Rim online`, {
        body: prompts.join('\n'),
        tag: `outer-rim:${gameId}`,
      });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    }
  }, [signature, yourMove, settings, gameId]);
}
