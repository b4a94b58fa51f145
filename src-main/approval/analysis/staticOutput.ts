/** Output of simple commands whose result is known before they run (echo, printf, base64 -d). */
import { hasFlag } from './rules/types';
import type { CommandView } from './rules/types';
import { DYN, decodeAnsiC, isDynamic } from './words';

function echo(args: readonly string[]): string {
  let i = 0;
  let newline = true;
  let escapes = false;
  for (; i < args.length && /^-[neE]+$/.test(args[i] ?? ''); i++) {
    const flag = args[i] ?? '';
    if (flag.includes('n')) newline = false;
    if (flag.includes('e')) escapes = true;
  }
  const text = args.slice(i).join(' ');
  return (escapes ? decodeAnsiC(text) : text) + (newline ? '\n' : '');
}

function printf(args: readonly string[]): string | null {
  const format = args[0];
  if (format === undefined || format.startsWith('-')) return null;
  const values = args.slice(1);
  let next = 0;
  const out = format.replace(/%([%sbd])/g, (_m, conv: string) =>
    conv === '%' ? '%' : (values[next++] ?? ''),
  );
  if (/%[^%]/.test(out) && next === 0 && values.length > 0) return null;
  return decodeAnsiC(out);
}

function decode(view: CommandView, stdin: string): string | null {
  if (isDynamic(stdin)) return DYN;
  const compact = stdin.replace(/\s+/g, '');
  if (
    (view.name === 'base64' || (view.name === 'openssl' && view.args.includes('base64'))) &&
    /^[A-Za-z0-9+/=_-]*$/.test(compact)
  ) {
    return Buffer.from(compact, 'base64').toString('utf8');
  }
  if (view.name === 'xxd' && /^(?:[0-9a-fA-F]{2})*$/.test(compact))
    return Buffer.from(compact, 'hex').toString('utf8');
  return null;
}

/** The command's stdout when it can be known statically, else null. */
export function staticOutput(view: CommandView): string | null {
  switch (view.name) {
    case 'echo':
      return echo(view.args);
    case 'printf':
      return printf(view.args);
    case 'cat':
      return view.args.length === 0 || (view.args.length === 1 && view.args[0] === '-') ? view.stdin : null;
    case 'rev':
      return view.args.length === 0 && view.stdin !== null
        ? view.stdin
            .split('\n')
            .map((l) => [...l].reverse().join(''))
            .join('\n')
        : null;
    case 'base64':
    case 'openssl':
      return view.stdin !== null && hasFlag(view.args, 'dD', ['decode']) ? decode(view, view.stdin) : null;
    case 'xxd':
      return view.stdin !== null && hasFlag(view.args, 'r', ['revert']) ? decode(view, view.stdin) : null;
    default:
      return null;
  }
}
