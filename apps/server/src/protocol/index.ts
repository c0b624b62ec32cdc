// The wire contract as zod schemas. Zod and the (pure) rules package only: the browser imports it.
export * from './error-codes.js';
export * from './events.js';
export * from './game-record.js';
export * from './create-game.js';
export * from './list-games.js';
export * from './claim-seat.js';
export * from './update-seat.js';
export * from './action-log.js';
export * from './replay-view.js';
export * from './socket-auth.js';
export * from './socket-action.js';
export * from './socket-state.js';
export * from './socket-update.js';
export * from './socket-resync.js';
export * from './socket-chat.js';
export * from './socket-game-error.js';
export * from './socket-lobby.js';
