/** Whether a seat's player is connected now: a filled dot with words for screen readers. */
export function Presence({ online }: { online: boolean | undefined }) {
  if (online === undefined) return null;
  return (
    <span
      class={`presence ${online ? 'online' : 'offline'}`}
      data-testid="presence"
      data-online={online ? 'yes' : 'no'}
      title={online ? 'connected now' : 'not connected'}
    >
      <svg viewBox="0 0 10 10" width="0.7em" height="0.7em" aria-hidden="true">
        <circle cx="5" cy="5" r="4" />
      </svg>
      <span class="visually-hidden">{online ? 'connected' : 'not connected'}</span>
    </span>
  );
}
