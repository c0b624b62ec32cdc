import type { Hex, HexKey, RaceId, Side } from '@outer-rim/map';
import type { WindowTrigger } from './cards/moments.js';
import type { CardTarget } from './cards/types.js';
import type { RoundPhase, TurnSegment } from './state/phase.js';
import type { Owner, Seat, UnitCounts, UnitKind } from './state/types.js';

/**
 * Domain events, plain JSON. Fields named `secret*` or listed in
 * `eventsFor` are cut for viewers who may not know them.
 */
export type GameEvent =
  | { type: 'game-created'; players: number; races: RaceId[] }
  | {
      type: 'dice-rolled';
      purpose: string;
      seat?: Seat;
      sides: number;
      rolls: number[];
    }
  | { type: 'first-player-chosen'; seat: Seat }
  | { type: 'compensation'; seat: Seat; credits: number; reason: string }
  | { type: 'tiles-dealt'; seat: Seat; count: number; tiles?: string[] }
  | { type: 'tile-placed'; seat: Seat; tileId: string; hex: Hex; rotation: number }
  | { type: 'tiles-discarded'; seat: Seat; count: number; reason: string }
  | { type: 'galaxy-built'; mode: 'build' | 'auto' | 'map-string' }
  | {
      type: 'minor-race-placed';
      race: RaceId;
      gap: Hex;
      movedTile: string;
      from: Hex;
    }
  | { type: 'round-started'; round: number }
  | { type: 'phase-started'; round: number; phase: RoundPhase }
  | { type: 'phase-skipped'; round: number; phase: RoundPhase; reason: string }
  | { type: 'bracket-reached'; seat: Seat; bracket: number; name: string }
  | {
      type: 'offer-made';
      offerId: number;
      from: Seat;
      to: Seat;
      credits: number;
      cardCount: number;
      cards?: string[];
    }
  | { type: 'offer-accepted'; offerId: number; from: Seat; to: Seat }
  | { type: 'offer-declined'; offerId: number; from: Seat; to: Seat }
  | { type: 'offer-withdrawn'; offerId: number; from: Seat; to: Seat }
  | { type: 'market-ended'; seat: Seat }
  | { type: 'cards-drawn'; seat: Seat; count: number; cards?: string[] }
  | { type: 'deck-reshuffled'; cards: number }
  | { type: 'card-discarded'; seat: Seat; card: string }
  | { type: 'credits-received'; seat: Seat; amount: number; total: number }
  /** `planet`: OR-6.2, the Scientist's PDS bought for that planet. */
  | {
      type: 'units-purchased';
      seat: Seat;
      unit: UnitKind;
      count: number;
      cost: number;
      planet?: string;
    }
  | { type: 'spacedock-ordered'; seat: Seat; planet: string; cost: number }
  | { type: 'purchases-cancelled'; seat: Seat; refund: number }
  | { type: 'purchase-ended'; seat: Seat }
  | { type: 'turn-order'; order: Seat[] }
  | { type: 'turn-started'; seat: Seat }
  | { type: 'segment-started'; seat: Seat; segment: TurnSegment }
  | { type: 'turn-ended'; seat: Seat }
  | {
      /** BG-5: ships (and what their Carriers hold) moved along `path`; `riftSide` when whipped out of a rift. */
      type: 'ships-moved';
      seat: Seat;
      from: HexKey;
      to: HexKey;
      path: HexKey[];
      units: UnitCounts;
      riftSide?: Side;
    }
  | {
      /** BG-5: a Carrier took units aboard at `hex`, from space or from `planet`. */
      type: 'units-loaded';
      seat: Seat;
      hex: HexKey;
      planet?: string;
      unit: UnitKind;
      count: number;
    }
  | {
      /** BG-3: Fighters with neither Carrier room nor Spacedock support at the end of the movement. */
      type: 'fighters-lost';
      seat: Seat;
      hex: HexKey;
      count: number;
    }
  | {
      /** OR-4.2: the roll for one ship leaving a rift, and the sides it may now leave through. */
      type: 'rift-rolled';
      seat: Seat;
      hex: HexKey;
      unit: UnitKind;
      roll: number;
      sides: Side[];
    }
  | {
      /** OR-4.2: a ship stays in the rift, by choice or because its roll does not let it go where it was sent. */
      type: 'ship-stayed';
      seat: Seat;
      hex: HexKey;
      unit: UnitKind;
      reason:
        | 'chose to stay'
        | 'forced exit leads off the board'
        | 'forced exit leads into a Supernova'
        | 'forced exit leads into an Asteroid Field'
        | 'its roll does not lead there, so the whole fleet stays'
        | 'its roll does not lead along the chosen path';
    }
  | { type: 'technology-bought'; seat: Seat; technology: string; cost: number }
  | { type: 'technology-passed'; seat: Seat }
  /** `ability`: the printed name of the racial ability that placed it free (BG-1). */
  | {
      type: 'unit-placed';
      owner: Owner;
      unit: UnitKind;
      hex: HexKey;
      planet?: string;
      ability?: string;
    }
  | { type: 'units-lost'; seat: Seat; unit: UnitKind; count: number; reason: string }
  | { type: 'placement-ended'; seat: Seat }
  | { type: 'game-over'; winner: Seat | null; reason: string; winners?: Seat[] }
  // BG-3 / BG-6 / BG-7 / OR-2.2 / OR-6.1 (combat/). Dice come as 'dice-rolled'
  // with a purpose naming the step, the unit type and, for a minor race, the race.
  | { type: 'battle-started'; hex: HexKey; attacker: Seat; defender: Owner | null }
  | { type: 'battle-round'; hex: HexKey; planet?: string; round: number }
  | {
      type: 'hits-scored';
      hex: HexKey;
      planet?: string;
      by: Owner;
      against: Owner;
      hits: number;
      reason: string;
    }
  | {
      type: 'units-destroyed';
      hex: HexKey;
      planet?: string;
      owner: Owner;
      units: UnitCounts;
      reason: string;
    }
  | { type: 'fleet-withdrew'; hex: HexKey; seat: Seat; to: HexKey; units: UnitCounts }
  | { type: 'battle-ended'; hex: HexKey; winner: Owner | null; reason: string }
  | { type: 'units-landed'; hex: HexKey; planet: string; seat: Seat; units: UnitCounts }
  | {
      type: 'invasion-started';
      hex: HexKey;
      planet: string;
      invader: Seat;
      defender: Owner | null;
    }
  | { type: 'invasion-ended'; hex: HexKey; planet: string; winner: Owner | null; reason: string }
  | { type: 'planet-captured'; hex: HexKey; planet: string; from: Owner | null; to: Seat }
  /** OR-6.2 Diplomat: `by`'s Diplomat (`leader`) delays the invasion of `planet` by one turn. */
  | {
      type: 'invasion-delayed';
      hex: HexKey;
      planet: string;
      invader: Seat;
      by: Seat;
      leader: string;
    }
  /** OR-6.2 Diplomat: an opponent asked to let a fleet with a Diplomat pass its ships answers. */
  | {
      type: 'passage-answered';
      seat: Seat;
      mover: Seat;
      accept: boolean;
    }
  | { type: 'shock-force-promoted'; hex: HexKey; planet: string; owner: Seat; count: number }
  | { type: 'installations-captured'; hex: HexKey; planet: string; seat: Seat; units: UnitCounts }
  | {
      type: 'leader-moved';
      owner: Seat;
      leader: string;
      hex: HexKey;
      planet?: string;
      ship?: 'dreadnought' | 'carrier' | 'cruiser' | 'fighter';
    }
  | {
      type: 'leader-fate';
      owner: Seat;
      leader: string;
      fate: 'killed' | 'captured' | 'escaping' | 'escaped' | 'rescued' | 'handed-over' | 'executed';
      /** The captor after the event (captured, handed over to another seat than the owner). */
      by?: Seat;
      planet?: string;
      reason: string;
    }
  // BG-8 Political phase (politics/). Card ids are instance ids (`revote#2`).
  | { type: 'political-deck-shuffled'; cards: number }
  /** `revote`: the law in force that is voted on again. */
  | { type: 'agenda-revealed'; card: string; revote?: string }
  /** No card is drawn this round (Council Dissolved). */
  | { type: 'no-vote'; reason: string }
  /** The card is set aside unvoted (Revote with no law in force, Veto). */
  | { type: 'agenda-discarded'; card: string; reason: string }
  /** BG-1 Xxcha Veto: the Xxcha paid `cost` to discard the agenda; the next card is drawn. */
  | { type: 'agenda-vetoed'; seat: Seat; card: string; cost: number; total: number }
  /** OR-6.2: a Diplomat's owner picked the agenda from the top three; the others went back. */
  | { type: 'agenda-picked'; seat: Seat; card: string }
  | { type: 'voting-order'; order: Seat[] }
  | { type: 'vote-cast'; seat: Seat; choice: string; votes: number }
  | { type: 'tie-broken'; seat: Seat; choice: string }
  /** `result`: `for` / `against`, or the elected target key (`player:2`, `planet:Jord`, `law:…`). */
  | {
      type: 'agenda-resolved';
      card: string;
      result: string;
      passed: boolean;
      tally: Record<string, number>;
    }
  | { type: 'law-enacted'; card: string; expires?: number; elected?: string }
  | { type: 'law-repealed'; card: string; reason: string }
  /** BG-8 truces: a fine paid to the bank. */
  | { type: 'fine-paid'; seat: Seat; amount: number; reason: string }
  | { type: 'planet-abandoned'; seat: Seat; planet: string; reason: string }
  | { type: 'units-moved-home'; seat: Seat; from: string; to: string; units: UnitCounts }
  | { type: 'hand-discarded'; seat: Seat; count: number; reason: string }
  | { type: 'hopes-end-converted'; seat: Seat; planet: string; cost: number }
  // BG-9 action cards and BG-11 trade agreements (cards/). A card is public from the moment
  // it is played; what is in a hand never appears, except to its holder and to a Disclosure's player.
  | { type: 'card-window-opened'; trigger: WindowTrigger; asked: Seat[] }
  | { type: 'card-window-closed'; trigger: WindowTrigger }
  | { type: 'card-played'; seat: Seat; card: string; target?: CardTarget }
  | { type: 'card-cancelled'; seat: Seat; card: string; by: Seat }
  | { type: 'card-resolved'; seat: Seat; card: string }
  | { type: 'card-prompts-set'; seat: Seat; ask: boolean }
  | { type: 'credits-paid'; from: Seat; to: Seat; amount: number; reason: string }
  | { type: 'planet-neutral'; hex: HexKey; planet: string; from: Seat; reason: string }
  /** Disclosure: `seat` sees the hand of `of`; the cards only in `seat`'s view. */
  | { type: 'hand-revealed'; seat: Seat; of: Seat; cards?: string[] }
  | { type: 'planet-annexed'; hex: HexKey; planet: string; seat: Seat }
  | { type: 'ground-forces-shifted'; seat: Seat; from: string; to: string; count: number }
  /** BG-9 Graviton Negator: Fighters that joined an invasion go back to space. */
  | { type: 'fighters-returned'; seat: Seat; hex: HexKey; planet: string; count: number }
  /** BG-9: a technology that is its owner's choice is used (its effect follows as its own events). */
  | { type: 'technology-used'; seat: Seat; technology: string }
  | { type: 'fleet-jammed'; hex: HexKey; seat: Seat; by: Seat }
  | { type: 'trade-proposed'; from: Seat; to: Seat }
  | { type: 'trade-refused'; from: Seat; to: Seat }
  | { type: 'trade-agreed'; seats: [Seat, Seat]; card: string }
  | { type: 'trade-ended'; seats: [Seat, Seat]; reason: string }
  | { type: 'trade-income'; seat: Seat; partner: Seat; amount: number; total: number }
  | { type: 'trade-income-stopped'; reason: string }
  | { type: 'income-changed'; seat: Seat; amount: number; reason: string };

export type EventType = GameEvent['type'];
