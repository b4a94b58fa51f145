/**
 * One string kept in Web Storage. Storage that is off (private mode, a locked-down profile) or
 * full is no error: the value then lasts only while the page does. `storage` is a function as
 * even reading `localStorage` can throw.
 */
export function readStored(storage: () => Storage, key: string): string | undefined {
  try {
    return storage().getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Stores `value`; undefined or empty removes the key. */
export function writeStored(storage: () => Storage, key: string, value: string | undefined): void {
  try {
    if (value) storage().setItem(key, value);
    else storage().removeItem(key);
  } catch {
    // Off or full: see above.
  }
}
