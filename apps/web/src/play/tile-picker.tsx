import { tileById } from '@outer-rim/map';
import { tileWords } from './action-words';

export interface TilePickerProps {
  /** The seat's dealt tiles (its own view only carries them). */
  readonly dealt: readonly string[];
  /** Tiles with at least one legal hex now. */
  readonly placeable: readonly string[];
  readonly chosen: string | undefined;
  readonly onChoose: (tileId: string) => void;
}

/** Galaxy building: the dealt tiles; choose one and the hexes it may go to light up. */
export function TilePicker({ dealt, placeable, chosen, onChoose }: TilePickerProps) {
  return (
    <section class="panel tile-picker" aria-label="Your galaxy tiles">
      <h3>Your tiles</h3>
      {dealt.length === 0 ? <p>No tiles left to place.</p> : null}
      <div class="tiles">
        {dealt.map((id) => {
          const tile = tileById(id);
          const legal = placeable.includes(id);
          return (
            <button
              key={id}
              type="button"
              class={`tile-card${chosen === id ? ' chosen' : ''}${tile?.anomaly === undefined ? '' : ' anomaly'}`}
              disabled={!legal}
              data-tile={id}
              aria-pressed={chosen === id}
              onClick={() => {
                onChoose(id);
              }}
            >
              {tileWords(tile, id)}
            </button>
          );
        })}
      </div>
      {chosen === undefined ? (
        placeable.length > 0 ? (
          <p class="hint">Choose a tile, then click a highlighted hex.</p>
        ) : null
      ) : (
        <p class="hint">Click a highlighted hex to place it.</p>
      )}
    </section>
  );
}
