/**
 * Small SVG icons for the controls that used glyphs (⏮ ◀ ▶ ⏭ ✔ •): those
 * need fonts a machine may lack, and then show as empty boxes.
 */
type IconName = 'first' | 'back' | 'forward' | 'last' | 'check' | 'dot' | 'copy' | 'fit';

const PATHS: Readonly<Record<IconName, string>> = {
  first: 'M3 2h2v12H3z M14 2v12L6 8z',
  back: 'M12 2v12L4 8z',
  forward: 'M4 2v12l8-6z',
  last: 'M11 2h2v12h-2z M2 2v12l8-6z',
  check: 'M2 8.5l1.5-1.5L6.5 10l6-6L14 5.5 6.5 13z',
  dot: 'M8 5a3 3 0 1 1 0 6a3 3 0 1 1 0-6z',
  copy: 'M5 1h8v10H5z M6 2v8h6V2z M2 4h2v1H3v9h7v-1h1v2H2z',
  fit: 'M1 1h5v2H3v3H1z M10 1h5v5h-2V3h-3z M1 10h2v3h3v2H1z M13 10h2v5h-5v-2h3z',
};

export function Icon({ name, label }: { name: IconName; label?: string }) {
  return (
    <svg
      class={`icon icon-${name}`}
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="currentColor"
      role={label === undefined ? undefined : 'img'}
      aria-hidden={label === undefined ? true : undefined}
      aria-label={label}
    >
      <path d={PATHS[name]} fill-rule="evenodd" />
    </svg>
  );
}
