/**
 * `@outer-rim/rules/testing`: the helpers tests use to set up a game and play
 * it (fixtures, boards, battles, dice, leaders, politics, cards in hand,
 * scripted and random play). Tests inside this package import the modules
 * directly; the apps' tests import this entry point.
 */
export * from './apply.js';
export * from './battle.js';
// battle.ts's withUnits sets a side's units; board.ts's adds to them.
export { movementTable, unitsAt, withTiles, withUnits as addUnits } from './board.js';
export * from './bot-play.js';
export * from './dice.js';
export * from './fixtures.js';
export * from './leaders.js';
export * from './politics.js';
export * from './random-play.js';
export * from './round-log.js';
export * from '../cards/testing.js';
// Engine internals a test drives directly, to open a card window as a scenario needs.
export { openWindow } from '../cards/window.js';
export { Draft } from '../state/draft.js';
