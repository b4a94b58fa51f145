/** Option skipping for wrappers whose own options come before the command they run. */
import type { ArgWord } from './words';

export interface OptionSpec {
  /** Short option letters that take a value (`-u root`, `-uroot`). */
  short?: string;
  /** Long options that take a value (`--user root`, `--user=root`). */
  long?: readonly string[];
  /** Options starting with `+` are options too (`bash +x`). */
  plus?: boolean;
  /** Options may follow operands (curl, wget); parse every word. */
  anywhere?: boolean;
}

export interface ParsedOptions {
  /** Index of the first operand (or words.length). */
  next: number;
  /** Every option seen, with its value if it takes one. */
  seen: Array<{ name: string; value: ArgWord | null }>;
}

/** Walks options from `start`; stops at `--` (skipped) or the first operand. */
export function parseOptions(words: readonly ArgWord[], start: number, spec: OptionSpec): ParsedOptions {
  const seen: ParsedOptions['seen'] = [];
  const short = spec.short ?? '';
  const long = spec.long ?? [];
  let i = start;
  while (i < words.length) {
    const w = words[i];
    if (!w) break;
    const a = w.value;
    if (a === '--') return { next: i + 1, seen };
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (eq < 0 && long.includes(name)) {
        seen.push({ name: `--${name}`, value: words[i + 1] ?? null });
        i += 2;
      } else {
        seen.push({ name: `--${name}`, value: eq >= 0 ? { ...w, value: a.slice(eq + 1) } : null });
        i++;
      }
      continue;
    }
    const isShort = (a.startsWith('-') || (spec.plus === true && a.startsWith('+'))) && a.length > 1;
    if (!isShort && spec.anywhere) {
      i++;
      continue;
    }
    if (!isShort) break;
    i++;
    for (let j = 1; j < a.length; j++) {
      const letter = a.charAt(j);
      if (short.includes(letter)) {
        const attached = a.slice(j + 1);
        if (attached !== '') seen.push({ name: `-${letter}`, value: { ...w, value: attached } });
        else {
          seen.push({ name: `-${letter}`, value: words[i] ?? null });
          i++;
        }
        break;
      }
      seen.push({ name: `${a.charAt(0)}${letter}`, value: null });
    }
  }
  return { next: i, seen };
}

export function hasOption(parsed: ParsedOptions, ...names: string[]): boolean {
  return parsed.seen.some((o) => names.includes(o.name));
}

export function optionValue(parsed: ParsedOptions, ...names: string[]): ArgWord | null {
  for (const o of parsed.seen) if (names.includes(o.name) && o.value) return o.value;
  return null;
}

/** Values of the options named in `names` (`-x V`, `-xV`, `--long V`, `--long=V`). */
export function optionWords(
  argv: readonly ArgWord[],
  short: readonly string[],
  long: readonly string[],
): ArgWord[] {
  const out: ArgWord[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w || w.value === '--') break;
    const v = w.value;
    const eq = v.indexOf('=');
    const name = eq >= 0 ? v.slice(0, eq) : v;
    if (long.includes(name) && eq >= 0) out.push({ ...w, value: v.slice(eq + 1) });
    else if (long.includes(v) || short.includes(v)) {
      const next = argv[++i];
      if (next) out.push(next);
    } else {
      const s = short.find((o) => o.length === 2 && v.startsWith(o) && v.length > 2);
      if (s) out.push({ ...w, value: v.slice(2) });
    }
  }
  return out;
}
