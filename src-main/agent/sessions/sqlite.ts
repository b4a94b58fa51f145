import { createRequire } from 'node:module';
import type * as Sqlite from 'node:sqlite';

const require = createRequire(import.meta.url);
let loaded: typeof Sqlite | undefined;

/**
 * Loads `node:sqlite`. Node 22 warns that it is experimental on first load; that line would
 * land on the CLI's stderr between tool activity, so this one warning is dropped.
 */
export function loadSqlite(): typeof Sqlite {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    (emitWarning as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    loaded = require('node:sqlite') as typeof Sqlite;
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}

export type Database = Sqlite.DatabaseSync;
