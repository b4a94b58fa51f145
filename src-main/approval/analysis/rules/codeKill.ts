/**
 * Code that signals process 1 or every process (`os.kill(1, 9)`, `process.kill(-1)`,
 * `kill 9, -1`): what `kill -9 1` and `kill -9 -1` do, so it is hardline like them.
 */
import { argsAt, splitArgs } from './callArgs';
import type { CodeLanguage } from './codePatterns';

/** A kill call per language: its first argument is the process id, or the signal before a list of them. */
const KILL_CALLS: Partial<Record<CodeLanguage, { call: RegExp; signalFirst: boolean }>> = {
  python: { call: /\bos\.kill(?:pg)?\s*\(/g, signalFirst: false },
  node: { call: /\bprocess\.kill\s*\(/g, signalFirst: false },
  // kill SIGNAL, LIST and Process.kill(signal, *pids): the ids follow the signal.
  perl: { call: /\bkill\b\s*\(?/g, signalFirst: true },
  ruby: { call: /\bProcess\.kill\b\s*\(?/g, signalFirst: true },
  php: { call: /\bposix_kill\s*\(/g, signalFirst: false },
  r: { call: /\bpskill\s*\(/g, signalFirst: false },
};

/** `1` (init) or `-1` (every process the caller may signal). */
const EVERYTHING = /^[-+]?\s*1$/;
const MAX_CALLS = 20;

/** The kill call in `code` that signals init or every process, or null. */
export function killsEverything(language: CodeLanguage, code: string): string | null {
  const kill = KILL_CALLS[language];
  if (!kill) return null;
  kill.call.lastIndex = 0;
  let calls = 0;
  for (let m = kill.call.exec(code); m && calls < MAX_CALLS; m = kill.call.exec(code), calls++) {
    const args = splitArgs(argsAt(code, m.index + m[0].length));
    const pids = kill.signalFirst ? args.slice(1) : args.slice(0, 1);
    if (pids.some((p) => EVERYTHING.test(p)))
      return `${m[0].replace(/\($/, '').trimEnd()}(${args.join(', ')})`;
  }
  return null;
}
