/**
 * What a value kept in memory costs, counted high on purpose: a byte budget (cached-answers.ts) must hold whatever
 * V8 makes of the value. A string counts 2 bytes a character (V8 keeps Latin-1 text at 1 and other text at 2, and
 * a string built by concatenation holds its parts too), a Buffer the whole memory it sits in (a small one cut
 * from Node's shared pool keeps the pool's 8 KiB slab alive: see ownBuffer), every object, array and Map its
 * header and a slot per value. Values shared between objects are counted in each.
 */
const HEADER = 32;
const SLOT = 8;

export function heldBytes(v: unknown): number {
  if (typeof v === 'string') return HEADER + 2 * v.length;
  if (v === null || typeof v !== 'object') return SLOT;
  if (Buffer.isBuffer(v)) return 3 * HEADER + v.buffer.byteLength;
  let n = HEADER;
  if (v instanceof Map) for (const [k, x] of v) n += 3 * SLOT + heldBytes(k) + heldBytes(x);
  else if (Array.isArray(v)) for (const x of v) n += SLOT + heldBytes(x);
  else for (const [k, x] of Object.entries(v)) n += 2 * SLOT + heldBytes(k) + heldBytes(x);
  return n;
}

/**
 * `b`, or a copy in memory of its own when it is a slice of a larger allocation (Node's 8 KiB pool for small
 * Buffers): a kept slice would keep the whole allocation alive, and heldBytes would count it all.
 */
export function ownBuffer(b: Buffer): Buffer {
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength) return b;
  const own = Buffer.allocUnsafeSlow(b.byteLength);
  b.copy(own);
  return own;
}
