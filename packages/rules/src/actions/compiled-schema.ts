import type { z } from 'zod';
import { ActionSchema, type Action } from './schema.js';

/**
 * The action schema compiled once into plain checks, for the reducer's hot path. It accepts
 * only what zod accepts and returns what zod's parse returns (a fresh copy, its keys in the
 * schema's order, unknown keys of a non-strict object left out). Anything it is not sure of
 * (a refusal, an optional key present as `undefined`, a part it does not compile) it leaves to
 * zod, so every refusal is still zod's, with zod's issues. A refinement runs zod's own predicate
 * on the parsed value and a transform zod's own function, as zod's parse does.
 */

/** "Not judged here": zod decides. */
const ASK_ZOD: unique symbol = Symbol('ask zod');
type Judge = (v: unknown) => unknown;

/** What this compiler reads of a zod schema: its definition and its own derived parts. */
interface Inner {
  def: {
    type: string;
    checks?: readonly { _zod: { def: CheckDef } }[];
    coerce?: boolean;
    values?: readonly unknown[];
    shape?: Record<string, z.ZodType>;
    catchall?: z.ZodType;
    element?: z.ZodType;
    innerType?: z.ZodType;
    discriminator?: string;
    options?: readonly z.ZodType[];
    unionFallback?: boolean;
    in?: z.ZodType;
    out?: z.ZodType;
    transform?: (value: unknown, payload: unknown) => unknown;
    keyType?: z.ZodType;
    valueType?: z.ZodType;
    partial?: boolean;
    mode?: string;
  };
  values?: ReadonlySet<unknown>;
  pattern?: RegExp;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: unknown;
  inclusive?: boolean;
  format?: string;
  when?: unknown;
  fn?: (value: unknown) => unknown;
}

function inner(schema: z.ZodType): Inner {
  return (schema as unknown as { _zod: Inner })._zod;
}

/**
 * Length bounds of a string or array; null when a check is of another kind. A length check's
 * `when` (zod's own: run it on values that have a length) holds for every string and array.
 */
function lengthBounds(checks: Inner['def']['checks']): { min: number; max: number } | null {
  let min = 0;
  let max = Infinity;
  for (const c of checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length' && typeof d.minimum === 'number') min = Math.max(min, d.minimum);
    else if (d.check === 'max_length' && typeof d.maximum === 'number')
      max = Math.min(max, d.maximum);
    else return null;
  }
  return { min, max };
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * zod measures a string in code points: within `max` UTF-16 units it is within `max` code points,
 * and from `2 × min` units it has `min` of them; between `min` and `2 × min` units, a string
 * without surrogates has as many code points as units, and any other is zod's to count.
 */
function compileString(checks: Inner['def']['checks']): Judge | null {
  const b = lengthBounds(checks);
  if (b === null) return null;
  const { min, max } = b;
  return (v) =>
    typeof v === 'string' &&
    v.length <= max &&
    v.length >= min &&
    (v.length >= 2 * min || !SURROGATE.test(v))
      ? v
      : ASK_ZOD;
}

function compileNumber(checks: Inner['def']['checks']): Judge | null {
  let int = false;
  let min = -Infinity;
  let max = Infinity;
  for (const c of checks ?? []) {
    const d = c._zod.def;
    if (d.when !== undefined) return null;
    if (d.check === 'number_format' && d.format === 'safeint') int = true;
    else if (d.check === 'greater_than' && typeof d.value === 'number' && d.inclusive === true)
      min = Math.max(min, d.value);
    else if (d.check === 'less_than' && typeof d.value === 'number' && d.inclusive === true)
      max = Math.min(max, d.value);
    else return null;
  }
  return (v) =>
    typeof v === 'number' &&
    Number.isFinite(v) &&
    (!int || Number.isSafeInteger(v)) &&
    v >= min &&
    v <= max
      ? v
      : ASK_ZOD;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The predicates of a schema's refinements (`.refine`), run in order on the parsed value, each
 * to be truthy; null when a check is of another kind or runs only `when` something holds.
 */
function refinements(checks: Inner['def']['checks']): ((v: unknown) => unknown)[] | null {
  const out: ((v: unknown) => unknown)[] = [];
  for (const c of checks ?? []) {
    const d = c._zod.def;
    if (d.check !== 'custom' || typeof d.fn !== 'function' || d.when !== undefined) return null;
    out.push(d.fn);
  }
  return out;
}

/** Whether the parsed value passes every refinement (a promise is zod's: it refuses it). */
function refined(preds: readonly ((v: unknown) => unknown)[], v: unknown): boolean {
  for (const pred of preds) {
    const r = pred(v);
    if (r instanceof Promise || !r) return false;
  }
  return true;
}

function compileObject(def: Inner['def']): Judge | null {
  const preds = refinements(def.checks);
  if (preds === null) return null;
  let strict = false;
  if (def.catchall !== undefined) {
    if (inner(def.catchall).def.type !== 'never') return null;
    strict = true;
  }
  const fields: { key: string; optional: boolean; judge: Judge }[] = [];
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    const f = inner(field).def;
    const optional = f.type === 'optional';
    const judge = compile(optional && f.innerType !== undefined ? f.innerType : field);
    if (judge === null || key === '__proto__') return null;
    fields.push({ key, optional, judge });
  }
  const keys = new Set(fields.map((f) => f.key));
  return (v) => {
    if (!isObject(v)) return ASK_ZOD;
    if (strict) for (const k in v) if (!keys.has(k)) return ASK_ZOD;
    const out: Record<string, unknown> = {};
    for (const { key, optional, judge } of fields) {
      const x = v[key];
      if (x === undefined && optional) {
        if (key in v) return ASK_ZOD;
        continue;
      }
      const y = judge(x);
      if (y === ASK_ZOD) return ASK_ZOD;
      out[key] = y;
    }
    return refined(preds, out) ? out : ASK_ZOD;
  };
}

/**
 * A partial record keyed by an enum's strings: the input's own keys, in their order, each a value
 * of the enum (any other key, a symbol, `__proto__` or an object not plain is zod's to judge).
 */
function compileRecord(def: Inner['def']): Judge | null {
  const preds = refinements(def.checks);
  const keys = def.keyType === undefined ? undefined : inner(def.keyType).values;
  const value = def.valueType === undefined ? null : compile(def.valueType);
  if (preds === null || keys === undefined || value === null) return null;
  if (def.partial !== true || def.mode === 'loose') return null;
  if ([...keys].some((k) => typeof k !== 'string')) return null;
  return (v) => {
    if (!isObject(v)) return ASK_ZOD;
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return ASK_ZOD;
    if (Object.getOwnPropertySymbols(v).length > 0) return ASK_ZOD;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) {
      if (k === '__proto__' || !keys.has(k)) return ASK_ZOD;
      const y = value(v[k]);
      if (y === ASK_ZOD) return ASK_ZOD;
      out[k] = y;
    }
    return refined(preds, out) ? out : ASK_ZOD;
  };
}

/** A schema piped into a transform: the transform runs on what the schema parsed, as in zod. */
function compilePipe(def: Inner['def']): Judge | null {
  if (def.in === undefined || def.out === undefined) return null;
  const left = compile(def.in);
  const out = inner(def.out).def;
  const transform = out.transform;
  if (left === null || out.type !== 'transform' || typeof transform !== 'function') return null;
  if (out.checks !== undefined && out.checks.length > 0) return null;
  return (v) => {
    const y = left(v);
    if (y === ASK_ZOD) return ASK_ZOD;
    const issues: unknown[] = [];
    const payload = { value: y, issues, addIssue: (issue: unknown) => issues.push(issue) };
    const r = transform(y, payload);
    return r instanceof Promise || issues.length > 0 ? ASK_ZOD : r;
  };
}

function compileUnion(def: Inner['def']): Judge | null {
  const tag = def.discriminator;
  if (tag === undefined || def.unionFallback === true) return null;
  const byTag = new Map<unknown, Judge | null>();
  for (const option of def.options ?? []) {
    // A transform's option (the purchase) is tagged by the schema piped into it.
    const o = inner(option).def;
    const shape = o.type === 'pipe' && o.in !== undefined ? inner(o.in).def.shape : o.shape;
    const tagSchema = shape?.[tag];
    const values = tagSchema === undefined ? undefined : inner(tagSchema).values;
    // An option this compiler cannot read is zod's alone.
    if (values === undefined) continue;
    const judge = compile(option);
    for (const value of values) byTag.set(value, judge);
  }
  return (v) => {
    if (!isObject(v)) return ASK_ZOD;
    const judge = byTag.get(v[tag]);
    return judge === undefined || judge === null ? ASK_ZOD : judge(v);
  };
}

/** Plain checks doing what `schema`'s parse does on the input it accepts; null: not compiled. */
function compile(schema: z.ZodType): Judge | null {
  const z = inner(schema);
  const def = z.def;
  if (def.coerce === true) return null;
  switch (def.type) {
    case 'string':
      return compileString(def.checks);
    case 'number':
      return compileNumber(def.checks);
    case 'boolean':
      return def.checks?.length ? null : (v) => (typeof v === 'boolean' ? v : ASK_ZOD);
    case 'literal':
    case 'enum': {
      const values = z.values;
      if (values === undefined || def.checks?.length) return null;
      return (v) => (values.has(v) ? v : ASK_ZOD);
    }
    case 'template_literal': {
      const pattern = z.pattern;
      if (pattern === undefined || def.checks?.length) return null;
      return (v) => {
        if (typeof v !== 'string') return ASK_ZOD;
        pattern.lastIndex = 0;
        return pattern.test(v) ? v : ASK_ZOD;
      };
    }
    case 'array': {
      const b = lengthBounds(def.checks);
      const element = def.element === undefined ? null : compile(def.element);
      if (b === null || element === null) return null;
      return (v) => {
        if (!Array.isArray(v) || v.length < b.min || v.length > b.max) return ASK_ZOD;
        const out: unknown[] = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) {
          const y = element(v[i]);
          if (y === ASK_ZOD) return ASK_ZOD;
          out[i] = y;
        }
        return out;
      };
    }
    case 'object':
      return compileObject(def);
    case 'union':
      return compileUnion(def);
    case 'record':
      return compileRecord(def);
    case 'pipe':
      return compilePipe(def);
    default:
      return null;
  }
}

const compiled = compile(ActionSchema);

/**
 * `ActionSchema.safeParse`, the same answer for every input: the compiled checks first, zod's
 * parse for whatever they leave to it (every refusal among them).
 */
export function parseAction(input: unknown): ReturnType<typeof ActionSchema.safeParse> {
  const data = compiled === null ? ASK_ZOD : compiled(input);
  return data === ASK_ZOD ? ActionSchema.safeParse(input) : { success: true, data: data as Action };
}
