/** How archivers are told to create an archive, and where it goes. */
import { hasFlag, optionValues, splitOptions } from './types';

/** Whether the arguments create an archive (tar's `c` in any spelling, zip, `7z a`). */
export function createsArchive(name: string, args: readonly string[]): boolean {
  const first = args[0] ?? '';
  if (name === 'zip') return true;
  if (name === '7z') return first === 'a';
  // Old-style bundled letters (`czf`) or `-c`/`--create`.
  return /^[a-zA-Z]*c[a-zA-Z]*$/.test(first) || hasFlag(args, 'c', ['create']);
}

/**
 * The archive a create writes, and the words after it: `-` or undefined (tar with no `f`) is
 * stdout. Old-style `tar czf FILE …` names the file right after the letters.
 */
export function archiveTarget(
  name: string,
  args: readonly string[],
): { file: string | undefined; inputs: readonly string[] } {
  const operands = splitOptions(args).operands;
  if (name === 'zip' || name === '7z') {
    const rest = name === '7z' ? operands.slice(1) : operands;
    return { file: rest[0], inputs: rest.slice(1) };
  }
  const [first = '', ...rest] = args;
  const bundled = /^[a-zA-Z]+$/.test(first) ? first : '';
  if (bundled.includes('f')) return { file: rest[0], inputs: splitOptions(rest.slice(1)).operands };
  // `-f FILE` or `--file=FILE`: its value is not an input.
  const file = optionValues(args, 'f', ['file'])[0];
  return { file, inputs: (bundled ? splitOptions(rest).operands : operands).filter((o) => o !== file) };
}
