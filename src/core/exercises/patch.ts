/**
 * JSON Patch (RFC 6902), the three operations a teacher's solution needs: add, replace and remove,
 * each at a JSON Pointer (RFC 6901). Pure: the input is never changed; every container on the path is
 * copied. A problem names the operation and the pointer, as a value, never a throw.
 */
import type { PatchOp } from './types';

export type PatchOutcome = { kind: 'ok'; value: unknown } | { kind: 'invalid'; at: number; message: string };

type Json = unknown;

/** The pointer's segments, unescaped ("~1" is "/", "~0" is "~"). "" is the whole document. */
function segmentsOf(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An array index as RFC 6901 writes it: digits, no leading zero; "-" (one past the end) only where allowed. */
function indexOf(segment: string, length: number, end: boolean): number | string {
  if (segment === '-' && end) return length;
  if (!/^(0|[1-9][0-9]*)$/.test(segment)) return `"${segment}" is not an array index`;
  const index = Number(segment);
  const last = end ? length : length - 1;
  return index <= last ? index : `index ${index} is past the end (the array holds ${length})`;
}

/** What is wrong with one operation (a class, so a patch whose value looks like one is still data). */
class Refusal {
  constructor(readonly problem: string) {}
}

/** Apply one operation below `doc` at `path`. */
function applyAt(doc: Json, path: readonly string[], op: PatchOp): Json | Refusal {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (op.op === 'remove') return new Refusal('cannot remove the whole document');
    return op.value;
  }
  if (Array.isArray(doc)) {
    const leaf = rest.length === 0;
    const at = indexOf(head, doc.length, leaf && op.op === 'add');
    if (typeof at === 'string') return new Refusal(at);
    const copy = doc.slice();
    if (!leaf) {
      const inner = applyAt(doc[at], rest, op);
      if (inner instanceof Refusal) return inner;
      copy[at] = inner;
    } else if (op.op === 'add') copy.splice(at, 0, op.value);
    else if (op.op === 'replace') copy[at] = op.value;
    else copy.splice(at, 1);
    return copy;
  }
  if (isObject(doc)) {
    const has = Object.hasOwn(doc, head);
    if (rest.length > 0) {
      if (!has) return new Refusal(`there is no "${head}"`);
      const inner = applyAt(doc[head], rest, op);
      if (inner instanceof Refusal) return inner;
      return { ...doc, [head]: inner };
    }
    if (op.op !== 'add' && !has) return new Refusal(`there is no "${head}" to ${op.op}`);
    if (op.op === 'remove') {
      const { [head]: _removed, ...others } = doc;
      return others;
    }
    // defineProperty, not assignment: a "__proto__" key is data here, never the prototype.
    const copy = { ...doc };
    Object.defineProperty(copy, head, { value: op.value, enumerable: true, writable: true, configurable: true });
    return copy;
  }
  return new Refusal(`"${head}" goes inside ${doc === null ? 'null' : typeof doc}, which has no members`);
}

/** Apply `ops` in order to `doc` (not changed). The first operation that cannot apply is the outcome. */
export function applyPatch(doc: Json, ops: readonly PatchOp[]): PatchOutcome {
  let value = doc;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    const next = applyAt(value, segmentsOf(op.path), op);
    if (next instanceof Refusal)
      return { kind: 'invalid', at: i, message: `${op.op} at "${op.path}": ${next.problem}` };
    value = next;
  }
  return { kind: 'ok', value };
}
