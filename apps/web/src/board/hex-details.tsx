import type { WhyNotThere } from '@outer-rim/rules';
import type { MoveThere } from '../play/movement/move-there-words';
import { ownerColour, ownerName } from '../ui/colours';
import { stackLabel, UNIT_NAMES, type BoardHex, type Stack } from './board-model';

/**
 * The hovered or tapped hex spelled out: what a tooltip would say, readable on a tablet too; when
 * the player may not act on it now, why not, with the rule's one line; and when a fleet may go
 * there, what the move means (its way, what waits there).
 */
export function HexDetails({
  hex,
  names,
  why,
  there,
}: {
  hex: BoardHex;
  names: readonly string[];
  why?: WhyNotThere | undefined;
  there?: MoveThere | undefined;
}) {
  const tile = hex.tile;
  return (
    <aside class="hex-details" aria-live="polite">
      {there === undefined ? null : (
        <div class="move-there" data-testid="hex-move-there">
          <p>
            <b>{there.lead}:</b> {there.route}
          </p>
          {there.waits.map((wait) => (
            <p key={wait.rule} data-rule={wait.rule}>
              {wait.text} <small>({wait.rule})</small>
            </p>
          ))}
        </div>
      )}
      {why === undefined ? null : (
        <p class="why-not" data-testid="hex-why-not" data-rule={why.rule}>
          <b>Why not?</b> {why.reason}{' '}
          <small>
            {why.line} ({why.rule})
          </small>
        </p>
      )}
      <h3>
        {hex.kind === 'gap'
          ? 'Gap in the galaxy'
          : hex.kind === 'empty'
            ? 'Not yet placed'
            : tile?.kind === 'mecatol'
              ? 'Mecatol Rex'
              : tile?.kind === 'home'
                ? `Home system${hex.homeOf === undefined ? '' : ` of ${names[hex.homeOf] ?? ''}`}`
                : hex.minorRace === undefined
                  ? 'System'
                  : `Minor race: ${hex.minorRace}`}{' '}
        <small>({hex.key})</small>
      </h3>
      {tile?.anomaly === undefined ? null : <p>Anomaly: {tile.anomaly.replace('-', ' ')}</p>}
      {tile?.wormhole === undefined ? null : <p>Wormhole: {tile.wormhole}</p>}
      {hex.planets.length === 0 ? null : (
        <ul>
          {hex.planets.map((planet) => (
            <li key={planet.name}>
              <b>{planet.name}</b> — {plural(planet.resources, 'resource')}, {planet.influence}{' '}
              influence;{' '}
              {planet.owner === null ? (
                'neutral'
              ) : (
                <>
                  held by{' '}
                  <span style={{ color: ownerColour(planet.owner) }}>
                    {ownerName(planet.owner, names)}
                  </span>
                </>
              )}
              <Stacks stacks={planet.stacks} names={names} />
            </li>
          ))}
        </ul>
      )}
      {hex.space.length === 0 ? null : (
        <div>
          In space: <Stacks stacks={hex.space} names={names} />
        </div>
      )}
      {hex.leaders.length === 0 ? null : (
        <div>
          Leaders:{' '}
          {hex.leaders
            .map(
              (l) =>
                `${names[l.seat] ?? ''} ${l.leader.type}${l.leader.planet === undefined ? '' : ` on ${l.leader.planet}`}`,
            )
            .join(', ')}
        </div>
      )}
    </aside>
  );
}

function Stacks({ stacks, names }: { stacks: readonly Stack[]; names: readonly string[] }) {
  return (
    <ul class="stacks">
      {stacks.map((stack) => (
        <li key={String(stack.owner)} style={{ color: ownerColour(stack.owner) }}>
          {ownerName(stack.owner, names)}: {stackLabel(stack.units, UNIT_NAMES)}
        </li>
      ))}
    </ul>
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
