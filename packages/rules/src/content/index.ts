/** The rules' content: units, technologies, races, leaders, cards, progression, constants. */
export * from './action-cards.js';
export * from './constants.js';
export * from './coverage.js';
export * from './deck.js';
export * from './effects.js';
export * from './leaders.js';
export * from './political-cards.js';
export * from './progression.js';
export * from './provisional.js';
export * from './races.js';
export * from './tech-colours.js';
export * from './technologies.js';
export * from './timing.js';
export * from './units.js';
