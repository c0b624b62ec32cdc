/** BG-9: the four technology colours of the (TI2-derived) tree. */
export const TECH_COLOURS = ['yellow', 'green', 'blue', 'red'] as const;
export type TechColour = (typeof TECH_COLOURS)[number];

/** The colours' names on the chart. */
export const TECH_COLOUR_NAMES: Readonly<Record<TechColour, string>> = {
  yellow: 'General',
  green: 'Biological',
  blue: 'Propulsion',
  red: 'Weapons',
};
