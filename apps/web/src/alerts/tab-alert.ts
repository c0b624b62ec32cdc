/** The words and icon the tab shows while its seat owes a decision. */
export const YOUR_MOVE_TITLE = 'Your move';

/** The tab's title: the page's own, marked while it is this seat's move. */
export function alertTitle(base: string, yourMove: boolean): string {
  return yourMove ? `(${YOUR_MOVE_TITLE}) ${base}` : base;
}

const hexagon = (fill: string, dot: boolean) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><polygon points="2.5,1 7.5,1 10,5 7.5,9 2.5,9 0,5" fill="${fill}"/>${
      dot ? '<circle cx="7.5" cy="2.5" r="2.5" fill="#ff4d4d"/>' : ''
    }</svg>`,
  )}`;

/** The site's hexagon; with a red dot while it is this seat's move. */
export function faviconHref(yourMove: boolean): string {
  return hexagon('#5aa9ff', yourMove);
}

/** Sets the tab's icon (the page's `link rel=icon`, made if missing) and marks which it is. */
export function showFavicon(doc: Document, yourMove: boolean): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link === null) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.href = faviconHref(yourMove);
  link.dataset['yourMove'] = yourMove ? 'yes' : 'no';
}
