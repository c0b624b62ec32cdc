import { prerequisiteIds, techById, TECH_COLOUR_NAMES } from '@outer-rim/rules';
import type { ComponentChildren } from 'preact';

/** "Needs Sarween Tools or Stasis Capsules" / "No prerequisite", by printed names. */
export function prerequisiteWords(id: string): string {
  const tech = techById(id);
  if (tech === undefined || tech.prerequisites === null) return 'No prerequisite';
  const names = prerequisiteIds(tech.prerequisites).map((p) => techById(p).name);
  const joiner = 'any' in tech.prerequisites ? ' or ' : ' and ';
  return `Needs ${names.join(joiner)}`;
}

/**
 * BG-9: one technology as printed on the chart: its name, colour, cost,
 * prerequisites and effect. `cost` is what this seat pays, when known
 * (Jol-Nar, Yssaril, Touch of Genius, Technology Tariffs change it).
 */
export function TechnologyCard({
  id,
  cost,
  children,
}: {
  id: string;
  cost?: number | undefined;
  children?: ComponentChildren;
}) {
  const tech = techById(id);
  if (tech === undefined) return null;
  const price = cost ?? tech.cost;
  return (
    <div class={`tech-card tech ${tech.colour}`} data-tech={tech.id}>
      <p class="tech-head">
        {children ?? <b>{tech.name}</b>}{' '}
        <small class="tech-facts">
          {tech.colour} ({TECH_COLOUR_NAMES[tech.colour]}) · {price} credits
          {price === tech.cost ? '' : ` (printed ${tech.cost})`} · {prerequisiteWords(tech.id)}
        </small>
      </p>
      <p class="small tech-effect">{tech.effect}</p>
    </div>
  );
}
