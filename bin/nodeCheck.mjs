// Checks the running Node against package.json's engines.node before anything else loads: an
// older Node (Debian's 20, say) would otherwise start and then fail on every session action
// with "No such built-in module: node:sqlite".
import { readFileSync } from 'node:fs';

/** The version `range` (">=22.12.0") asks for when `version` is older, else undefined. */
export function missingNode(version, range) {
  const wanted = /^>=\s*(\d+)\.(\d+)\.(\d+)/.exec(range ?? '');
  if (!wanted) return undefined;
  const have = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const want = Number(wanted[i + 1]);
    const got = have[i] ?? 0;
    if (got > want) return undefined;
    if (got < want) return `${wanted[1]}.${wanted[2]}.${wanted[3]}`;
  }
  return undefined;
}

/** Exits with one clear line when this Node is older than the one the app needs. */
export function requireNode(what) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const needed = missingNode(process.versions.node, pkg.engines?.node);
  if (!needed) return;
  console.error(
    `${what}: Node ${needed} or newer is required; this is Node ${process.versions.node} (${process.execPath}). ` +
      'Install Node 22 (https://nodejs.org) and run it again.',
  );
  process.exit(1);
}
