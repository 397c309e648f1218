/**
 * Patches: how a follower's copy of a table goes from one frame to the next without the whole
 * table being sent again (docs/protocol.md, "Patches"). A patch is a list of operations on the
 * JSON of the last frame, each at a JSON Pointer (RFC 6901):
 *
 * - `["=", path, value]`: the value at `path` is now `value` (the key or index is already there);
 * - `["+", path, values]`: `values` are appended to the array at `path` (moves, events, the board's
 *   chains only ever grow during a hand).
 *
 * `diff` makes them (the server), `applyPatch` applies them (every client); `applyPatch(a, diff(a,
 * b))` equals `b` for any two JSON values (a property test holds them to it). Applying copies only
 * the objects along the changed paths, so a UI can tell what changed by reference.
 */

export type PatchOp = readonly ["=", string, unknown] | readonly ["+", string, readonly unknown[]];

/** A patch that does not fit the value it is applied to (a client asks for the whole table again). */
export class PatchError extends Error {}

type Json = unknown;
type JsonObject = { readonly [key: string]: Json };

const isObject = (v: Json): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether two JSON values are equal (objects key by key, arrays element by element). */
export function same(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  // Counted, not listed: the server compares every frame's view with the last one's.
  let n = 0;
  for (const k in a) {
    if (!Object.hasOwn(b, k) || !same(a[k], b[k])) return false;
    n++;
  }
  return n === countKeys(b);
}

function countKeys(o: JsonObject): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}

const escapeKey = (key: string): string => (/[~/]/.test(key) ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key);

/** The operations that turn `a` into `b`, at paths under `path` (appended to `ops`). */
export function diff(a: Json, b: Json, path = "", ops: PatchOp[] = []): PatchOp[] {
  if (a === b) return ops;
  if (Array.isArray(a) && Array.isArray(b)) diffArrays(a, b, path, ops);
  else if (isObject(a) && isObject(b) && sameKeys(a, b)) {
    // A part built again but equal is passed over before its path is made (most of a view is).
    for (const k in b) if (!same(a[k], b[k])) diff(a[k], b[k], `${path}/${escapeKey(k)}`, ops);
  } else if (!same(a, b)) ops.push(["=", path, b]);
  return ops;
}

function sameKeys(a: JsonObject, b: JsonObject): boolean {
  let n = 0;
  for (const k in b) {
    if (!Object.hasOwn(a, k)) return false;
    n++;
  }
  return n === countKeys(a);
}

function diffArrays(a: readonly Json[], b: readonly Json[], path: string, ops: PatchOp[]): void {
  // Grown at the end (the hand's moves and events): only the new elements.
  if (b.length >= a.length) {
    let prefix = 0;
    while (prefix < a.length && same(a[prefix], b[prefix])) prefix++;
    if (prefix === a.length) {
      if (b.length > a.length) ops.push(["+", path, b.slice(a.length)]);
      return;
    }
  }
  if (a.length === b.length) {
    // Element by element, unless that says more than the whole array would.
    const inner: PatchOp[] = [];
    for (let i = 0; i < b.length; i++) if (!same(a[i], b[i])) diff(a[i], b[i], `${path}/${i}`, inner);
    if (inner.length <= Math.max(1, b.length >> 1)) {
      ops.push(...inner);
      return;
    }
  }
  ops.push(["=", path, b]);
}

/** The keys of a JSON Pointer ("" is the whole value). */
function keysOf(path: string): string[] {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new PatchError(`not a path: ${JSON.stringify(path.slice(0, 80))}`);
  return path
    .slice(1)
    .split("/")
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** `doc` with `ops` applied, copying only what changes; throws a `PatchError` when one does not fit. */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  let out: Json = doc;
  for (const op of ops) out = at(out, keysOf(op[1]), 0, op);
  return out as T;
}

function at(node: Json, keys: readonly string[], i: number, op: PatchOp): Json {
  if (i === keys.length) {
    if (op[0] === "=") return op[2];
    if (!Array.isArray(node)) throw new PatchError(`${op[1]} is not a list`);
    return [...node, ...op[2]];
  }
  const key = keys[i];
  if (Array.isArray(node)) {
    const index = /^(0|[1-9]\d*)$/.test(key) ? Number(key) : -1;
    if (index < 0 || index >= node.length) throw new PatchError(`${op[1]}: no element ${key}`);
    const copy = node.slice();
    copy[index] = at(node[index], keys, i + 1, op);
    return copy;
  }
  if (!isObject(node) || !Object.hasOwn(node, key)) throw new PatchError(`${op[1]}: no field ${key}`);
  return { ...node, [key]: at(node[key], keys, i + 1, op) };
}
