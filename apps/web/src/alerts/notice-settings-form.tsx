import { useEffect, useState } from 'preact/hooks';
import { ApiError, type Api } from '../net/api';
import type { NotificationSettings } from '../net/protocol';

/**
 * Where the server tells this seat that a decision waits while nobody has the page open: a
 * webhook (a Discord or Slack channel's incoming webhook), an e-mail address; and, for the host,
 * one webhook for the whole table.
 */
export function NoticeSettingsForm({
  api,
  gameId,
  token,
}: {
  api: Api;
  gameId: string;
  token: string;
}) {
  const [settings, setSettings] = useState<NotificationSettings | undefined>(undefined);
  const [webhook, setWebhook] = useState('');
  const [email, setEmail] = useState('');
  const [table, setTable] = useState('');
  const [said, setSaid] = useState<{ error: boolean; text: string } | undefined>(undefined);

  const show = (next: NotificationSettings) => {
    setSettings(next);
    setWebhook(next.webhookUrl ?? '');
    setEmail(next.email ?? '');
    setTable(next.table?.webhookUrl ?? '');
  };

  useEffect(() => {
    api.notificationSettings(gameId, token).then(show, (e: unknown) => {
      setSaid({ error: true, text: e instanceof ApiError ? e.message : 'Not loaded.' });
    });
  }, [api, gameId, token]);

  const save = async (event: Event) => {
    event.preventDefault();
    setSaid(undefined);
    try {
      let next = await api.setSeatNotifications(gameId, token, {
        webhookUrl: webhook.trim() === '' ? null : webhook.trim(),
        email: email.trim() === '' ? null : email.trim(),
      });
      if (next.table !== undefined) {
        next = await api.setTableNotifications(gameId, token, {
          webhookUrl: table.trim() === '' ? null : table.trim(),
        });
      }
      show(next);
      setSaid({ error: false, text: 'Saved.' });
    } catch (e) {
      setSaid({ error: true, text: e instanceof ApiError ? e.message : 'Not saved.' });
    }
  };

  if (settings === undefined) {
    return said === undefined ? null : <p class="error small">{said.text}</p>;
  }
  return (
    <form class="notice-settings" onSubmit={(e) => void save(e)}>
      <p class="faint small">When the page is closed, tell me at:</p>
      <label>
        Webhook (Discord, Slack){' '}
        <input
          type="url"
          name="notice-webhook"
          value={webhook}
          placeholder="https://discord.com/api/webhooks/…"
          onInput={(e) => {
            setWebhook(e.currentTarget.value);
          }}
        />
      </label>
      {settings.emailAvailable ? (
        <label>
          E-mail{' '}
          <input
            type="email"
            name="notice-email"
            value={email}
            onInput={(e) => {
              setEmail(e.currentTarget.value);
            }}
          />
        </label>
      ) : null}
      {settings.table === undefined ? null : (
        <label>
          Webhook for the whole table (host){' '}
          <input
            type="url"
            name="notice-table-webhook"
            value={table}
            onInput={(e) => {
              setTable(e.currentTarget.value);
            }}
          />
        </label>
      )}
      <button type="submit">Save</button>
      {said === undefined ? null : (
        <p class={said.error ? 'error small' : 'faint small'} role="status">
          {said.text}
        </p>
      )}
    </form>
  );
}
