import { renameSync, writeFileSync } from 'node:fs';

let counter = 0;

/** Writes through a temp file and a rename, readable by the owner only. */
export function writeAtomicSync(path: string, data: string | Buffer): void {
  const temp = `${path}.tmp-${process.pid}-${counter++}`;
  writeFileSync(temp, data, { mode: 0o600 });
  renameSync(temp, path);
}
