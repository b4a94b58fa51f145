import { isMap, isScalar, isSeq, type Document } from 'yaml';

/*
 * Edits config.yaml values in place. Replacing a node, as `setIn` does with a list or a mapping,
 * drops the comments attached to it and inside it; these helpers keep them.
 */

/** Sets a list of strings: drops items no longer wanted and appends new ones, in place. */
export function setList(doc: Document, path: string[], values: readonly string[]): void {
  const node = doc.getIn(path, true);
  if (!isSeq(node)) {
    doc.setIn(path, [...values]);
    return;
  }
  const wanted = new Set(values);
  const kept = new Set<unknown>();
  node.items = node.items.filter((item) => {
    const value = isScalar(item) ? item.value : item;
    if (typeof value !== 'string' || !wanted.has(value) || kept.has(value)) return false;
    kept.add(value);
    return true;
  });
  for (const value of values) if (!kept.has(value)) node.items.push(doc.createNode(value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets any JSON value: a mapping over an existing mapping is merged key by key, keys it lacks removed. */
export function setValue(doc: Document, path: string[], value: unknown): void {
  const node = doc.getIn(path, true);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    setList(doc, path, value);
  } else if (isRecord(value) && isMap(node)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key !== 'string' || value[key] === undefined) node.delete(pair.key);
    }
    for (const [key, v] of Object.entries(value)) if (v !== undefined) setValue(doc, [...path, key], v);
  } else {
    doc.setIn(path, value);
  }
}
