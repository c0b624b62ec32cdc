import { describe, expect, it } from 'vitest';
import { readCorpusGame, storedCorpusIds } from '../testing/corpus-files.js';
import { parseAction } from './compiled-schema.js';
import { ActionSchema } from './schema.js';

/**
 * The compiled action checks answer as zod's parse does: the same acceptance, the same parsed
 * value (keys in the same order), the same refusal with the same issues. Tried on every action
 * of the recorded games and on each of them spoilt one field at a time.
 */
const BAD: unknown[] = [
  undefined,
  null,
  -1,
  0,
  1.5,
  101,
  1e9,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x'.repeat(80),
  'x'.repeat(81),
  '\u{1F600}',
  '\u{1F600}'.repeat(41),
  '\uD800',
  '1,2',
  '1,a',
  ' 1,2',
  true,
  [],
  ['1,2'],
  {},
  { q: 0, r: 0 },
];

/** Copies of `value` with one field or element replaced, removed, or one key added. */
function spoilt(value: unknown): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(value)) {
    const list: readonly unknown[] = value;
    list.forEach((x, i) => {
      for (const y of [...BAD, ...spoilt(x)]) out.push(list.map((z, j) => (j === i ? y : z)));
    });
    out.push([...list, list[0]]);
  } else if (typeof value === 'object' && value !== null) {
    const rec = value as Record<string, unknown>;
    for (const key of Object.keys(rec)) {
      for (const y of [...BAD, ...spoilt(rec[key])]) out.push({ ...rec, [key]: y });
      const { [key]: _gone, ...rest } = rec;
      out.push(rest);
    }
    out.push({ ...rec, extra: 1 });
    out.push(Object.fromEntries(Object.entries(rec).reverse()));
  }
  return out;
}

function sameAnswer(input: unknown): void {
  const ours = parseAction(input);
  const zods = ActionSchema.safeParse(input);
  expect(ours.success).toBe(zods.success);
  if (ours.success && zods.success) {
    expect(JSON.stringify(ours.data)).toBe(JSON.stringify(zods.data));
    expect(ours.data).toStrictEqual(zods.data);
  } else {
    expect(ours.error?.issues).toEqual(zods.error?.issues);
  }
}

describe('the compiled action checks answer as the action schema', () => {
  const actions = new Map<string, unknown>();
  for (const id of storedCorpusIds()) {
    for (const { action } of readCorpusGame(id).actions) {
      actions.set(JSON.stringify(action), action);
    }
  }

  it('on every distinct action of the recorded games', () => {
    expect(actions.size).toBeGreaterThan(100);
    for (const action of actions.values()) sameAnswer(action);
  });

  it('on each of them with one field spoilt, removed or added', () => {
    const byType = new Map<string, unknown[]>();
    for (const action of actions.values()) {
      const type = (action as { type: string }).type;
      const list = byType.get(type) ?? [];
      if (list.length < 12) list.push(action);
      byType.set(type, list);
    }
    for (const list of byType.values())
      for (const a of list) for (const x of spoilt(a)) sameAnswer(x);
  });

  it('on purchases in every form: a basket, one line, for a planet, odd baskets', () => {
    const basket = (units: unknown, extra: Record<string, unknown> = {}): unknown => ({
      type: 'purchase',
      units,
      ...extra,
    });
    const bare: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    bare.carrier = 2;
    for (const x of [
      basket({ carrier: 1 }),
      basket({ fighter: 3, carrier: 1, cruiser: 2 }),
      basket({ carrier: 1 }, { planet: 'Jord' }),
      basket({ carrier: 1 }, { unit: 'carrier', count: 1 }),
      basket({}),
      basket({ carrier: 0 }),
      basket({ carrier: 1, spacedock: 1 }),
      basket({ carrier: 1, '1': 1 }),
      basket(JSON.parse('{"__proto__": 1, "carrier": 1}')),
      basket(bare),
      basket(new Map([['carrier', 1]])),
      basket([1]),
      { type: 'purchase', unit: 'dreadnought', count: 2 },
      { type: 'purchase', unit: 'dreadnought', count: 2, planet: 'Jord' },
      { type: 'purchase', unit: 'dreadnought' },
      { type: 'purchase', count: 2 },
      { type: 'purchase' },
      { type: 'purchase', units: undefined, unit: 'pds', count: 1 },
    ])
      sameAnswer(x);
  });

  it('on inputs that are not actions at all', () => {
    for (const x of [...BAD, 'move', { type: 'nothing' }, { type: 'move', from: '0,0' }])
      sameAnswer(x);
  });
});
