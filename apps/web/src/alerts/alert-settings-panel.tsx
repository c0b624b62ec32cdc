import { useState } from 'preact/hooks';
import type { Api } from '../net/api';
import type { AlertSettings } from './alert-settings';
import { NoticeSettingsForm } from './notice-settings-form';

/** The seat's own choice of how to be told it is its move while the tab is in the background. */
export function AlertSettingsPanel({
  settings,
  onChange,
  api,
  gameId,
  token,
}: {
  settings: AlertSettings;
  onChange: (next: AlertSettings) => void;
  api: Api;
  gameId: string;
  token: string;
}) {
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const supported = 'Notification' in window;

  const toggleSystem = async (wanted: boolean) => {
    setRefused(undefined);
    if (!wanted) {
      onChange({ ...settings, system: false });
      return;
    }
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') {
      setRefused(
        'Your browser does not allow this site to show notifications; allow them in its site settings, then try again.',
      );
      onChange({ ...settings, system: false });
      return;
    }
    onChange({ ...settings, system: true });
  };

  return (
    <details class="alert-settings" data-testid="alert-settings">
      <summary>Alerts</summary>
      <p class="faint small">
        The tab's title and icon always show when it is your move. While this tab is in the
        background, also:
      </p>
      <label>
        <input
          type="checkbox"
          name="alert-sound"
          checked={settings.sound}
          onChange={(e) => {
            onChange({ ...settings, sound: e.currentTarget.checked });
          }}
        />{' '}
        play a sound
      </label>
      <label>
        <input
          type="checkbox"
          name="alert-system"
          checked={settings.system}
          disabled={!supported}
          onChange={(e) => {
            void toggleSystem(e.currentTarget.checked);
          }}
        />{' '}
        show a system notification
        {supported ? '' : ' (this browser has none)'}
      </label>
      {refused === undefined ? null : <p class="error small">{refused}</p>}
      <NoticeSettingsForm api={api} gameId={gameId} token={token} />
    </details>
  );
}
