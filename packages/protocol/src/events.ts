/** Socket.io event names, one place so client and server cannot drift. */
export const SOCKET_EVENTS = {
  state: 'state',
  update: 'update',
  lobby: 'lobby',
  gameError: 'game-error',
  action: 'action',
  resync: 'resync',
  chat: 'chat',
  presence: 'presence',
  spectatorChat: 'spectator-chat',
  undo: 'undo',
} as const;
