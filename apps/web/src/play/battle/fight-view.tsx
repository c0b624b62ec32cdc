import { type GameView } from '@outer-rim/rules';
import { UNIT_NAMES } from '../../board/board-model';
import { unitEntries, unitRowWidth } from '../../board/hex-layout';
import { UnitRow } from '../../board/unit-symbols';
import { MINOR_OUTLINE, ownerColour } from '../../ui/colours';
import { systemName } from '@outer-rim/rules';
import { dieWords, ownerWords, sidesAt, type FightRecord } from './fight';

export function FightView({
  view,
  fight,
  names,
}: {
  view: GameView;
  fight: FightRecord;
  names: readonly string[];
}) {
  const sides = sidesAt(view, fight);
  const hits = fight.events.filter((e) => e.type === 'hits-scored');
  const losses = fight.events.filter((e) => e.type === 'units-destroyed');
  const end = fight.events.find((e) => e.type === 'battle-ended' || e.type === 'invasion-ended');
  return (
    <div class="fight" data-hex={fight.hex} data-over={String(fight.over)}>
      <h4>
        {fight.title} <small>in {systemName(fight.hex, view.galaxy)}</small>
      </h4>
      <div class="sides">
        {sides.length === 0 ? <p class="hint">No units left here.</p> : null}
        {sides.map((side) => (
          <div key={String(side.owner)} class="side" data-owner={String(side.owner)}>
            <span
              class="who"
              style={{
                color: typeof side.owner === 'string' ? MINOR_OUTLINE : ownerColour(side.owner),
              }}
            >
              {ownerWords(side.owner, names)}
            </span>
            <svg
              class="side-units"
              viewBox={`0 -12 ${Math.max(40, unitRowWidth(side.units))} 24`}
              height={24}
              width={Math.max(40, unitRowWidth(side.units))}
              aria-label={unitEntries(side.units)
                .map(([k, n]) => `${n} ${UNIT_NAMES[k]}`)
                .join(', ')}
            >
              <UnitRow
                owner={side.owner}
                units={side.units}
                x={0}
                y={0}
                width={Infinity}
                align="start"
                label={ownerWords(side.owner, names)}
              />
            </svg>
          </div>
        ))}
      </div>
      <ol class="dice-lines" aria-label="Dice">
        {fight.dice.map((line) => (
          <li key={line.key}>
            <span class="purpose">
              {line.seat === undefined ? '' : `${names[line.seat] ?? ''}: `}
              {line.purpose}
            </span>
            <span class="dice">
              {line.dice.map((die, i) => (
                <b
                  key={i}
                  class={`die${die.hit === true ? ' hit' : die.hit === false ? ' miss' : ''}`}
                  title={dieWords(die)}
                  aria-label={dieWords(die)}
                >
                  {die.value}
                </b>
              ))}
            </span>
          </li>
        ))}
      </ol>
      {hits.length === 0 && losses.length === 0 ? null : (
        <ul class="fight-results">
          {fight.events.map((e, i) =>
            e.type === 'hits-scored' ? (
              <li key={i}>
                {ownerWords(e.by, names)} scores {e.hits} {e.hits === 1 ? 'hit' : 'hits'} on{' '}
                {ownerWords(e.against, names)}
              </li>
            ) : e.type === 'units-destroyed' ? (
              <li key={i}>
                {ownerWords(e.owner, names)} loses{' '}
                {unitEntries(e.units)
                  .map(([k, n]) => `${n} ${UNIT_NAMES[k]}`)
                  .join(', ')}
              </li>
            ) : e.type === 'shock-force-promoted' ? (
              <li key={i}>
                {ownerWords(e.owner, names)}: {e.count} Ground{' '}
                {e.count === 1 ? 'Force becomes a Shock Force' : 'Forces become Shock Forces'}
              </li>
            ) : null,
          )}
        </ul>
      )}
      {end === undefined ? null : (
        <p class="fight-end" data-testid="fight-end">
          {end.winner === null
            ? 'Nobody wins'
            : `${ownerWords(end.winner, names)} ${end.type === 'invasion-ended' ? 'holds the planet' : 'wins'}`}{' '}
          ({end.reason}).
        </p>
      )}
    </div>
  );
}
