/**
 * Shell commands embedded in another language's one-liner: `python -c "os.system('…')"`,
 * `node -e "execSync('…')"`, perl/ruby backticks, awk `system("…")`. Only string literals are
 * read, within bounded windows, so the scan stays linear.
 */
import { DYN, capFound } from './words';

/** A call that hands its string argument (or a list of strings) to a shell or exec. */
const CALL =
  /\b(system|os\.execute|popen|run|call|check_call|check_output|getoutput|getstatusoutput|Popen|exec|execSync|spawn|spawnSync|execFile|execFileSync|shell_exec|passthru|proc_open|capture2e?|capture3|pipeline|do shell script)(?:\s*\(\s*|[ \t]+)(\[?)/g;
/** Calls whose only job is running a command, unlike `run` or `call`, which many APIs name. */
const SHELL_CALL =
  /^(?:system|os\.execute|popen|Popen|execSync|spawnSync|execFileSync|shell_exec|passthru|proc_open|check_call|check_output|getoutput|getstatusoutput|do shell script)$/;
/** What follows a string literal that joins more to it: `+`, `.`, `%`, or awk's juxtaposed `$1` or name. */
const JOINED = /^[ \t]*(?:[+.%][^\]),]|\$|[A-Za-z_])/;
/** Perl's `qx{…}` and Ruby's `%x(…)`: a command in custom quotes. */
const QUOTED_COMMAND =
  /(?:\bqx|%x)\s*(?:\{([^}\n]{1,2000})\}|\(([^)\n]{1,2000})\)|\[([^\]\n]{1,2000})\]|\|([^|\n]{1,2000})\|)/g;
/** A string literal, with Python's prefixes (`r'…'`, `b"…"`); f-strings are judged as built at run time. */
const STRING_AT = /^\s*[rbuRBU]?(["'`])([^"'`\n]{0,2000})\1/;
const BACKTICKS = /`([^`\n]{1,2000})`/g;
const PERL_QUOTE_AT =
  /^qq?[ \t]{0,16}(?:\(([^)\n]{1,2000})\)|\{([^}\n]{1,2000})\}|\[([^\]\n]{1,2000})\]|\|([^|\n]{1,2000})\|)/;
/** Past this many finds one unknown command stands for the rest, so a long script cannot hide its end. */
const MAX_FOUND = 32;
/** awk output piped to a command: `print "text" | "cmd"`, `print $1 | "sort"`. */
const AWK_PIPE =
  /\bprintf?[ \t]{0,16}\(?[ \t]{0,16}(?:"([^"\n]{0,2000})"[^|"\n]{0,200})?\|[ \t]{0,16}"([^"\n]{1,2000})"/g;
/** `"cmd" | getline`: awk runs cmd and reads its output. */
const GETLINE = /"([^"\n]{1,2000})"[ \t]{0,16}\|[ \t]{0,16}getline/g;

/** The strings a literal list holds (`["rm", "-rf", "/"]`), joined as a command line. */
function listAt(code: string, from: number): string | null {
  // Read within the window only: a missing `]` must not send every call to the end of the text.
  const end = code.slice(from, from + 2001).indexOf(']');
  if (end === -1) return null;
  const items = code
    .slice(from, from + end)
    .split(',')
    .map((part) => STRING_AT.exec(part)?.[2]);
  return items.every((i) => i !== undefined) ? items.join(' ') : null;
}

/** The literals a list starts with (`['-rf', dir]` gives `-rf` and an unknown word), within the window. */
function listPrefix(code: string, from: number): string[] {
  const window = code.slice(from, from + 2001);
  const end = window.indexOf(']');
  const words: string[] = [];
  for (const part of (end >= 0 ? window.slice(0, end) : window).split(',', MAX_ARGS)) {
    const item = STRING_AT.exec(part)?.[2];
    if (item === undefined) return [...words, DYN];
    words.push(item);
  }
  return end >= 0 ? words : [...words, DYN];
}

/** A string literal or a list of them, as the next argument of a call: `, "-rf"`, `, ['-rf', d]`. */
const NEXT_ARG = /\s{0,16},\s{0,16}(?:[rbuRBU]?(["'`])([^"'`\n]{0,2000})\1|\[)/y;
const MAX_ARGS = 32;
const MORE_ARG = /\s{0,16},\s{0,16}(?=[^\s)\]{}])(?![A-Za-z_]\w{0,64}\s{0,8}[=:](?!=))/y;

/**
 * `system("rm", "-rf", "lib")`, `execFileSync('rm', ['-rf', d])`: a program and its arguments given
 * as separate literals run as one command line. Stops at the first argument that is not a literal.
 */
function argvAt(code: string, from: number, first: string): string {
  const words = [first];
  let pos = from;
  for (let n = 0; n < MAX_ARGS; n++) {
    NEXT_ARG.lastIndex = pos;
    const m = NEXT_ARG.exec(code);
    if (!m) break;
    if (m[1] === undefined) return [...words, ...listPrefix(code, NEXT_ARG.lastIndex)].join(' ');
    words.push(m[2] ?? '');
    pos = NEXT_ARG.lastIndex;
  }
  // `system("shred", "-u", glob(…))`: an argument built at run time, not an option like `shell=True`.
  MORE_ARG.lastIndex = pos;
  if (MORE_ARG.test(code)) words.push(DYN);
  return words.join(' ');
}

export function embeddedShellCode(code: string, language: 'script' | 'awk'): string[] {
  const found: string[] = [];
  CALL.lastIndex = 0;
  for (let m = CALL.exec(code); m && found.length <= MAX_FOUND; m = CALL.exec(code)) {
    const at = m.index + m[0].length;
    const literal = m[2] === '[' ? null : STRING_AT.exec(code.slice(at, at + 2010));
    // Perl's `system qq(…)`, `exec q{…}`: a string in quote-like brackets.
    const quoteLike = m[2] === '[' || literal ? null : PERL_QUOTE_AT.exec(code.slice(at, at + 2010));
    const text =
      m[2] === '['
        ? listAt(code, at)
        : literal
          ? argvAt(code, at + literal[0].length, literal[2] ?? '')
          : quoteLike
            ? (quoteLike[1] ?? quoteLike[2] ?? quoteLike[3] ?? quoteLike[4] ?? null)
            : null;
    // `system("rm -rf " $1)`, `"…" + x`, `"…" % x`: the rest of the command is built at run time.
    const joined = literal && JOINED.test(code.slice(at + literal[0].length, at + literal[0].length + 16));
    if (text) found.push(joined ? text + DYN : text);
    // `system(cmd)`: a call that surely hands a shell a command built at run time.
    else if (SHELL_CALL.test(m[1] ?? '') && m[0].includes('(') && code.charAt(at) !== ')') found.push(DYN);
  }
  if (language === 'awk') {
    // `print "cmd" | "sh"` feeds code to a shell; `"cmd" | getline` and `print | "cmd"` run cmd.
    AWK_PIPE.lastIndex = 0;
    for (let m = AWK_PIPE.exec(code); m && found.length <= MAX_FOUND; m = AWK_PIPE.exec(code)) {
      const [, printed, target] = m;
      if (target && /^(?:\/bin\/|\/usr\/bin\/)?(?:ba|da|z|k)?sh$/.test(target.trim())) {
        // `print | "sh"` with no literal: the shell runs the data awk reads, known only at run time.
        found.push(printed ?? DYN);
      } else if (target) found.push(target);
    }
    GETLINE.lastIndex = 0;
    for (let m = GETLINE.exec(code); m && found.length <= MAX_FOUND; m = GETLINE.exec(code))
      if (m[1]) found.push(m[1]);
  }
  if (language === 'script') {
    QUOTED_COMMAND.lastIndex = 0;
    for (let m = QUOTED_COMMAND.exec(code); m && found.length <= MAX_FOUND; m = QUOTED_COMMAND.exec(code)) {
      const text = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (text) found.push(text);
    }
    BACKTICKS.lastIndex = 0;
    for (let m = BACKTICKS.exec(code); m && found.length <= MAX_FOUND; m = BACKTICKS.exec(code))
      if (m[1]) found.push(m[1]);
  }
  return capFound(found, MAX_FOUND);
}
