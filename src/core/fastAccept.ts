/**
 * A quick "yes" for parsed JSON that a zod schema certainly accepts as it is, so large scenarios skip
 * zod (about 6 µs a step cold; the whole replay of a 20,000-item scenario was waiting on it).
 *
 * The acceptor is derived from the schema itself, so it cannot drift from it. It understands plain
 * objects (strict or stripping), strings, literals, arrays, tuples, optionals and unions, none with
 * checks; for any other schema there is no acceptor and zod does all the work. It says yes only when
 * zod's output would equal the input: no unknown keys, and keys in the schema's order. Any "no" just
 * means "ask zod", so it can skip work but never change an outcome.
 */
import type { z } from 'zod';

type Accept = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  innerType?: z.ZodType;
  values?: unknown[];
  options?: z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The acceptor for `schema`, or null when the schema uses anything this file does not understand. */
export function acceptorFor(schema: z.ZodType): Accept | null {
  const def = defOf(schema);
  if (def.checks !== undefined && def.checks.length > 0) return null;
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'literal': {
      const values: unknown[] = def.values ?? [];
      if (!values.every((v) => typeof v === 'string' || typeof v === 'boolean')) return null;
      return (value) => values.some((v) => v === value);
    }
    case 'array': {
      const element = def.element && acceptorFor(def.element);
      if (!element) return null;
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
        return true;
      };
    }
    case 'tuple': {
      if (def.rest || !def.items || def.items.some((item) => defOf(item).type === 'optional')) return null;
      const items = def.items.map(acceptorFor);
      if (items.some((item) => item === null)) return null;
      return (value) => Array.isArray(value) && value.length === items.length && items.every((item, i) => item!(value[i]));
    }
    case 'object':
      return objectAcceptor(def);
    case 'union': {
      const options = (def.options ?? []).map(acceptorFor);
      if (options.length === 0 || options.some((option) => option === null)) return null;
      return (value) => options.some((option) => option!(value));
    }
    default:
      return null;
  }
}

/** Known keys only, in the shape's order, every required key present; optional values never undefined. */
function objectAcceptor(def: Def): Accept | null {
  if (def.catchall !== undefined && defOf(def.catchall).type !== 'never') return null;
  const keys = Object.keys(def.shape ?? {});
  const fields = keys.map((key) => {
    let schema = def.shape![key]!;
    const optional = defOf(schema).type === 'optional';
    if (optional) schema = defOf(schema).innerType!;
    // An optional field this file cannot judge is accepted only when absent; present, zod decides.
    return { key, optional, accept: acceptorFor(schema) ?? (optional ? () => false : null) };
  });
  if (fields.some((field) => field.accept === null)) return null;
  const index = new Map(keys.map((key, i) => [key, i]));
  const required = fields.filter((field) => !field.optional).length;
  return (value) => {
    if (!isRecord(value)) return false;
    let last = -1;
    let present = 0;
    for (const key of Object.keys(value)) {
      const at = index.get(key);
      if (at === undefined || at <= last) return false;
      last = at;
      const field = fields[at]!;
      if (!field.optional) present += 1;
      if (!field.accept!(value[key])) return false;
    }
    return present === required;
  };
}
