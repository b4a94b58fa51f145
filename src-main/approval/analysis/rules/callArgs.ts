/** The arguments of a call in one-liner code, read without parsing the language. */

const ARGS_WINDOW = 400;

/** The argument text of a call starting at `from`: up to its closing parenthesis, `;` or a newline. */
export function argsAt(code: string, from: number): string {
  let depth = 0;
  const end = Math.min(code.length, from + ARGS_WINDOW);
  for (let i = from; i < end; i++) {
    const c = code.charAt(i);
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return code.slice(from, i);
      depth--;
    } else if ((c === ';' || c === '\n') && depth === 0) return code.slice(from, i);
  }
  return code.slice(from, end);
}

/** `args` split at its top-level commas, each trimmed: `1, f(a, b)` is `['1', 'f(a, b)']`. */
export function splitArgs(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args.charAt(i);
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(args.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...parts, args.slice(start).trim()];
}
