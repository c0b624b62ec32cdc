import type { ConnectionStatus } from '../net/connection';

/** Visible whenever the live connection is not plainly up, so nobody plays into the void. */
export function ConnectionBanner({ status }: { status: ConnectionStatus }) {
  switch (status.kind) {
    case 'online':
      return null;
    case 'connecting':
      return (
        <div class="banner info" role="status">
          Connecting to the game…
        </div>
      );
    case 'reconnecting':
      return (
        <div class="banner warn" role="status" data-testid="reconnecting">
          Connection lost — reconnecting{status.attempt > 0 ? ` (attempt ${status.attempt})` : ''}…
        </div>
      );
    case 'refused':
      return (
        <div class="banner error" role="alert">
          The server refused this connection: {status.message}
        </div>
      );
  }
}
