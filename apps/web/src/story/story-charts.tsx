import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { ownerColour } from '../ui/colours';
import { MEASURES, type Measure, type Story } from './story-figures';
import './story.css';

/*
 * Drawn as our own SVG with d3-scale (the axes' scales and round tick values) and d3-shape (each
 * line's path): both small, long-kept parts of d3, with no DOM of their own, so Preact draws
 * every element and the charts take the page's colours, fonts and test hooks like the rest.
 */

const WIDTH = 320;
const HEIGHT = 150;
const M = { top: 10, right: 12, bottom: 24, left: 34 };

/** One figure of every player, round by round: a line per player in the player's colour. */
function Chart({ story, measure, title }: { story: Story; measure: Measure; title: string }) {
  const rounds = story.points.map((p) => p.round);
  const first = rounds[0] ?? 1;
  const last = rounds.at(-1) ?? first;
  const top = Math.max(1, ...story.points.flatMap((p) => p.figures.map((f) => f[measure])));
  const x = scaleLinear()
    .domain([first, Math.max(last, first + 1)])
    .range([M.left, WIDTH - M.right]);
  const y = scaleLinear()
    .domain([0, top])
    .nice()
    .range([HEIGHT - M.bottom, M.top]);
  const path = line<{ round: number; value: number }>()
    .x((d) => x(d.round))
    .y((d) => y(d.value));
  const yTicks = y.ticks(4).filter((t) => measure !== 'bracket' || Number.isInteger(t));
  const xTicks = rounds.length <= 10 ? rounds : x.ticks(8).filter((t) => Number.isInteger(t));
  return (
    <figure class="story-chart" data-measure={measure}>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`} role="img" aria-label={title}>
        {yTicks.map((t) => (
          <g key={`y${String(t)}`} class="story-tick">
            <line x1={M.left} x2={WIDTH - M.right} y1={y(t)} y2={y(t)} />
            <text x={M.left - 4} y={y(t)} text-anchor="end" dominant-baseline="middle">
              {t}
            </text>
          </g>
        ))}
        {xTicks.map((t) => (
          <text
            key={`x${String(t)}`}
            class="story-tick"
            x={x(t)}
            y={HEIGHT - 6}
            text-anchor="middle"
          >
            {t}
          </text>
        ))}
        {story.names.map((name, seat) => {
          const points = story.points.map((p) => ({
            round: p.round,
            value: p.figures[seat]?.[measure] ?? 0,
          }));
          return (
            <g key={seat} class="story-player" data-seat={seat}>
              <path
                class="story-line"
                d={path(points) ?? ''}
                stroke={ownerColour(seat)}
                fill="none"
              />
              {points.map((d) => (
                <circle
                  key={d.round}
                  cx={x(d.round)}
                  cy={y(d.value)}
                  r={2.5}
                  fill={ownerColour(seat)}
                >
                  <title>{`${name}, round ${String(d.round)}: ${String(d.value)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The story of the game: one chart per figure, rounds across, and who is which colour. */
export function StoryCharts({ story }: { story: Story }) {
  return (
    <div class="story-charts">
      <ul class="story-legend">
        {story.names.map((name, seat) => (
          <li key={seat}>
            <span class="swatch" style={{ background: ownerColour(seat) }} />
            {name}
          </li>
        ))}
      </ul>
      <p class="faint small">Each player at the end of each round (x: the round).</p>
      <div class="story-grid">
        {MEASURES.map((m) => (
          <Chart key={m.key} story={story} measure={m.key} title={m.title} />
        ))}
      </div>
    </div>
  );
}
