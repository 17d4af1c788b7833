/**
 * A quick "yes" for parsed JSON that a zod schema certainly accepts as it is, so large scenarios skip
 * zod (about 6 µs a step cold; the whole replay of a 20,000-item scenario was waiting on it).
 *
 * The acceptor is derived from the schema itself, so it cannot drift from it. It understands plain
 * objects (strict or stripping), strings, literals, arrays, tuples, optionals and unions, none with
 * checks; for any other schema there is no acceptor and zod does all the work. It says yes only when
 * zod's output would equal the input: no unknown keys, and keys in the schema's order. Any "no" just
 * means "ask zod", so it can skip work but never change an outcome.
 *
 * The derivation goes through a Shape, plain data, so that a shape stored beside its schema (and
 * tested equal to shapeOf(schema)) accepts without loading zod at all.
 */
import type * as z from '../zod';

type Accept = (value: unknown) => boolean;

/** What the acceptor needs of a schema. A field's null shape: zod alone judges it, so it must be absent. */
export type Shape =
  /** `max`: the longest string accepted (zod's maxLength check), when there is one. */
  | { type: 'string'; max?: number }
  | { type: 'literal'; values: Array<string | boolean> }
  | { type: 'array'; element: Shape }
  | { type: 'tuple'; items: Shape[] }
  | { type: 'object'; fields: Array<{ key: string; optional: boolean; shape: Shape | null }> }
  | { type: 'union'; options: Shape[] };

interface Def {
  type: string;
  checks?: z.core.$ZodCheck[];
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  items?: z.core.$ZodType[];
  rest?: z.core.$ZodType | null;
  innerType?: z.core.$ZodType;
  values?: unknown[];
  options?: z.core.$ZodType[];
}

const defOf = (schema: z.core.$ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

type CheckDef = { check?: string; maximum?: number };
const checkDefOf = (check: z.core.$ZodCheck): CheckDef => (check as unknown as { _zod: { def: CheckDef } })._zod.def;

/** Checks that only attach metadata: zod/mini spells .describe() as a check, which refuses nothing. */
const METADATA = new Set(['describe', 'meta']);
const checksOf = (def: Def) => (def.checks ?? []).filter((check) => !METADATA.has(checkDefOf(check).check ?? ''));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shape of `schema`, or null when the schema uses anything this file does not understand. */
export function shapeOf(schema: z.core.$ZodType): Shape | null {
  const def = defOf(schema);
  const checks = checksOf(def);
  if (def.type === 'string' && checks.length > 0) return stringShape(checks);
  if (checks.length > 0) return null;
  switch (def.type) {
    case 'string':
      return { type: 'string' };
    case 'literal': {
      const values: unknown[] = def.values ?? [];
      if (!values.every((v) => typeof v === 'string' || typeof v === 'boolean')) return null;
      return { type: 'literal', values: values as Array<string | boolean> };
    }
    case 'array': {
      const element = def.element && shapeOf(def.element);
      return element ? { type: 'array', element } : null;
    }
    case 'tuple': {
      if (def.rest || !def.items || def.items.some((item) => defOf(item).type === 'optional')) return null;
      const items = def.items.map(shapeOf);
      return items.every((item) => item !== null) ? { type: 'tuple', items: items as Shape[] } : null;
    }
    case 'object':
      return objectShape(def);
    case 'union': {
      const options = (def.options ?? []).map(shapeOf);
      if (options.length === 0 || options.some((option) => option === null)) return null;
      return { type: 'union', options: options as Shape[] };
    }
    default:
      return null;
  }
}

/** A string with only maximum-length checks (the scenario's text limits); any other check: no shape. */
function stringShape(checks: z.core.$ZodCheck[]): Shape | null {
  let max = Infinity;
  for (const check of checks) {
    const d = checkDefOf(check);
    if (d.check !== 'max_length' || typeof d.maximum !== 'number') return null;
    max = Math.min(max, d.maximum);
  }
  return { type: 'string', max };
}

function objectShape(def: Def): Shape | null {
  if (def.catchall !== undefined && defOf(def.catchall).type !== 'never') return null;
  const fields = Object.entries(def.shape ?? {}).map(([key, field]) => {
    const optional = defOf(field).type === 'optional';
    // A check on the optional itself (a refinement of the field) is zod's to judge: no shape.
    if (optional && checksOf(defOf(field)).length > 0) return { key, optional, shape: null };
    return { key, optional, shape: shapeOf(optional ? defOf(field).innerType! : field) };
  });
  return fields.every((field) => field.optional || field.shape !== null) ? { type: 'object', fields } : null;
}

/** The acceptor for `schema`, or null when it has no shape. */
export function acceptorFor(schema: z.core.$ZodType): Accept | null {
  const shape = shapeOf(schema);
  return shape && acceptorOf(shape);
}

/** The acceptor for a shape. */
export function acceptorOf(shape: Shape): Accept {
  switch (shape.type) {
    case 'string': {
      const { max } = shape;
      return max === undefined
        ? (value) => typeof value === 'string'
        : (value) => typeof value === 'string' && value.length <= max;
    }
    case 'literal': {
      const { values } = shape;
      return (value) => values.some((v) => v === value);
    }
    case 'array': {
      const element = acceptorOf(shape.element);
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
        return true;
      };
    }
    case 'tuple': {
      const items = shape.items.map(acceptorOf);
      return (value) => {
        if (!Array.isArray(value) || value.length !== items.length) return false;
        for (let i = 0; i < items.length; i++) if (!items[i]!(value[i])) return false;
        return true;
      };
    }
    case 'object':
      return objectAcceptor(shape.fields);
    case 'union':
      return unionAcceptor(shape.options);
  }
}

/** Known keys only, in the shape's order, every required key present; optional values never undefined. */
function objectAcceptor(shapes: Extract<Shape, { type: 'object' }>['fields']): Accept {
  // An optional field this file cannot judge is accepted only when absent; present, zod decides.
  const fields = shapes.map(({ optional, shape }) => ({
    optional,
    accept: shape === null ? () => false : acceptorOf(shape),
  }));
  const index = new Map(shapes.map(({ key }, i) => [key, i]));
  const required = fields.filter((field) => !field.optional).length;
  return (value) => {
    if (!isRecord(value)) return false;
    let last = -1;
    let present = 0;
    // for...in, unlike Object.keys, makes no array per object (a scenario has tens of thousands);
    // it also lists inherited keys, which are refused here like unknown ones.
    for (const key in value) {
      const at = index.get(key);
      if (at === undefined || !Object.hasOwn(value, key)) return false;
      if (at <= last) return false;
      last = at;
      const field = fields[at]!;
      if (!field.optional) present += 1;
      if (!field.accept(value[key])) return false;
    }
    return present === required;
  };
}

/**
 * Any option that accepts. When every option is an object with the same required literal field (a
 * discriminated union such as a step's "op"), only the option that field names can accept: it alone is tried.
 */
function unionAcceptor(shapes: Shape[]): Accept {
  const options = shapes.map(acceptorOf);
  const any: Accept = (value) => options.some((option) => option(value));
  const tags = shapes.map((shape) =>
    shape.type === 'object' ? shape.fields.filter((f) => !f.optional && f.shape?.type === 'literal') : [],
  );
  const key = tags[0]?.[0]?.key;
  if (key === undefined) return any;
  const byTag = new Map<unknown, Accept[]>();
  for (let i = 0; i < shapes.length; i++) {
    const tag = tags[i]!.find((field) => field.key === key);
    if (tag === undefined) return any;
    for (const v of (tag.shape as Extract<Shape, { type: 'literal' }>).values)
      byTag.set(v, [...(byTag.get(v) ?? []), options[i]!]);
  }
  return (value) => {
    if (!isRecord(value) || !Object.hasOwn(value, key)) return false;
    const candidates = byTag.get(value[key]);
    if (candidates === undefined) return false;
    for (let i = 0; i < candidates.length; i++) if (candidates[i]!(value)) return true;
    return false;
  };
}
