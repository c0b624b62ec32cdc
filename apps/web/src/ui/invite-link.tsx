import { useState } from 'preact/hooks';
import { Icon } from './icons';

/** The address of this game, to send to friends, with a button that copies it. */
export function InviteLink({ gameId }: { gameId: string }) {
  const url = `${location.origin}${location.pathname}#/game/${encodeURIComponent(gameId)}`;
  const [copied, setCopied] = useState<string | undefined>(undefined);
  return (
    <div class="invite" data-testid="invite">
      <label>
        Invite link{' '}
        <input
          readOnly
          value={url}
          data-testid="invite-url"
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
      </label>{' '}
      <button
        type="button"
        data-testid="copy-invite"
        onClick={() => {
          navigator.clipboard.writeText(url).then(
            () => {
              setCopied('Copied.');
            },
            () => {
              setCopied('Select the link and copy it.');
            },
          );
        }}
      >
        <Icon name="copy" /> Copy
      </button>{' '}
      {copied === undefined ? null : (
        <span class="small" role="status">
          {copied}
        </span>
      )}
    </div>
  );
}
