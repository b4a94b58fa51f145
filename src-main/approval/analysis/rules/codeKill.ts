/**
 * Code that signals process 1 or every process (`os.kill(1, 9)`, `process.kill(-1)`,
 * `kill 9, -1`): what `kill -9 1` and `kill -9 -1` do, so it is hardline like them.
 */
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
const ARGS_WINDOW = 200;

/** The call's arguments split at top-level commas: up to its closing parenthesis, `;` or a newline. */
function argumentsAt(code: string, from: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = from;
  const end = Math.min(code.length, from + ARGS_WINDOW);
  for (let i = from; i < end; i++) {
    const c = code.charAt(i);
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return [...args, code.slice(start, i)];
      depth--;
    } else if (c === ',' && depth === 0) {
      args.push(code.slice(start, i));
      start = i + 1;
    } else if ((c === ';' || c === '\n') && depth === 0) break;
  }
  return [...args, code.slice(start, end)];
}

/** The kill call in `code` that signals init or every process, or null. */
export function killsEverything(language: CodeLanguage, code: string): string | null {
  const kill = KILL_CALLS[language];
  if (!kill) return null;
  kill.call.lastIndex = 0;
  let calls = 0;
  for (let m = kill.call.exec(code); m && calls < MAX_CALLS; m = kill.call.exec(code), calls++) {
    const args = argumentsAt(code, m.index + m[0].length).map((a) => a.trim());
    const pids = kill.signalFirst ? args.slice(1) : args.slice(0, 1);
    if (pids.some((p) => EVERYTHING.test(p)))
      return `${m[0].replace(/\($/, '').trimEnd()}(${args.join(', ')})`;
  }
  return null;
}
