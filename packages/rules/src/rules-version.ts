/**
 * The version of the rules as an action log replays them. Bump it with any change to the engine
 * after which some stored sequence of actions would lead to another state (a rule read
 * differently, a new decision, a roll taken elsewhere); not for wording, views or speed. A server
 * replays a game's stored actions only under the version they were played under; a game in
 * progress continues under a new version from a snapshot of its head (docs/upgrades.md).
 */
export const RULES_VERSION = 3;
