/** Reads an app.asar (and its app.asar.unpacked) with @electron/asar, the reader electron-builder uses. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface ArchiveEntry {
  /** Stored outside the archive, in app.asar.unpacked. */
  unpacked: boolean;
}

export interface Archive {
  /** Every file (not folder) by its path inside the archive, `/dist/x.mjs` style. */
  files: ReadonlyMap<string, ArchiveEntry>;
  read(path: string): string;
  /** Whether an unpacked file is really present next to the archive. */
  unpackedPresent(path: string): boolean;
}

interface AsarNode {
  files?: Record<string, AsarNode>;
  unpacked?: boolean;
  link?: string;
}

interface AsarModule {
  getRawHeader(archive: string): { header: AsarNode };
  extractFile(archive: string, filename: string): Buffer;
}

/** The copy electron-builder itself depends on, so the check reads archives exactly as it writes them. */
function loadAsar(): AsarModule {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));
  return fromBuilder('@electron/asar') as AsarModule;
}

export function openArchive(asarPath: string): Archive {
  const asar = loadAsar();
  const files = new Map<string, ArchiveEntry>();
  const walk = (node: AsarNode, prefix: string): void => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = `${prefix}/${name}`;
      if (child.files) walk(child, path);
      else files.set(path, { unpacked: child.unpacked === true });
    }
  };
  walk(asar.getRawHeader(asarPath).header, '');
  return {
    files,
    read: (path) => asar.extractFile(asarPath, path.slice(1)).toString('utf8'),
    unpackedPresent: (path) => existsSync(join(`${asarPath}.unpacked`, path)),
  };
}
