/** Finds an executable on PATH, like `command -v`. */
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export async function which(name: string, extraDirs: string[] = []): Promise<string | undefined> {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...extraDirs];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}
