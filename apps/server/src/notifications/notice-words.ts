import type { NoticeItem } from '@outer-rim/protocol';

/** The words of a notice, for every way it is sent: one place, so a webhook and a mail agree. */
const DISCORD_LIMIT = 2000;

function line(item: NoticeItem, table: string): string {
  const link = item.link === undefined ? '' : ` ${item.link}`;
  return `${item.reminder ? 'Reminder: ' : ''}${item.name}, your move in ${table}: ${item.owed.join('; ')}.${link}`;
}

/** The subject of a mail, or the first line of a message. */
export function noticeSubject(
  items: readonly NoticeItem[],
  tables: ReadonlyMap<string, string>,
): string {
  const [first] = items;
  if (items.length === 1 && first !== undefined) {
    const table = tables.get(first.game) ?? `game ${first.game}`;
    return `${first.reminder ? 'Reminder: ' : ''}${first.name}, your move in ${table}`;
  }
  return `${String(items.length)} decisions wait for you at Outer Rim online`;
}

/** The message: one line per decision, under a heading when there are several (a digest). */
export function noticeText(
  items: readonly NoticeItem[],
  tables: ReadonlyMap<string, string>,
): string {
  const lines = items.map((item) => line(item, tables.get(item.game) ?? `game ${item.game}`));
  const text =
    items.length === 1
      ? (lines[0] ?? '')
      : [noticeSubject(items, tables) + ':', ...lines.map((l) => `• ${l}`)].join('\n');
  return text.length <= DISCORD_LIMIT ? text : `${text.slice(0, DISCORD_LIMIT - 1)}…`;
}

/** How a table is called: after its host, with its id to tell two of one host apart. */
export function tableName(host: string, gameId: string): string {
  return `${host}'s table (${gameId})`;
}
