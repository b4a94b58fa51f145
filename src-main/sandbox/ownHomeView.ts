/**
 * What a sandboxed command on Linux reads of `$CADUCEUS_HOME`. Masking a secret file there
 * holds only until the app replaces it: config.yaml and the credential files are saved by
 * renaming a temp file over them, which takes the mask off for commands already running. So the
 * folder itself is hidden and every entry that is not a secret (skills, memories, …) is bound
 * back; a secret saved meanwhile, or a writer's leftover temp copy of one, is never in view.
 */
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export interface OwnHomeView {
  /** Added to the read policy's denies: the folder itself. */
  deny: string[];
  /** Bound back beneath it: its entries as they were when the command was wrapped. */
  allow: string[];
}

export async function ownHomeView(caduceusHome: string, denyRead: readonly string[]): Promise<OwnHomeView> {
  const home = resolve(caduceusHome);
  let names: string[];
  try {
    names = await readdir(home);
  } catch {
    // No folder yet: nothing of it to read, nothing to hide.
    return { deny: [], allow: [] };
  }
  const denied = new Set(denyRead.map((p) => resolve(p)));
  // `config.yaml.<pid>.<hex>.tmp`, `secrets.json.…`: copies of a secret on their way to it.
  const secretNames = [...denied].filter((p) => dirname(p) === home).map((p) => basename(p));
  const copyOfSecret = (name: string) => secretNames.some((secret) => name.startsWith(`${secret}.`));
  const allow = names
    .filter((name) => !denied.has(join(home, name)) && !copyOfSecret(name))
    .map((name) => join(home, name));
  return { deny: [home], allow };
}
