/**
 * Undoes the disguises a command can wear before it is parsed: terminal escape sequences,
 * control characters, Unicode look-alikes, backslashes and empty quotes inside words.
 * Every pass is a single left-to-right scan, so the cost is linear in the input.
 */

const ESC = 0x1b;
const BEL = 0x07;

/** Zero-width and bidirectional marks that can hide or reorder what a reader sees. */
const INVISIBLE = new Set([
  0x00ad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067,
  0x2068, 0x2069,
]);

export function normaliseCommand(input: string): string {
  const stripped = stripControls(input);
  const folded = isAscii(stripped) ? stripped : stripControls(stripped.normalize('NFKC'));
  return unescapeWords(folded);
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Skips a control string (OSC, DCS, SOS, PM, APC) up to BEL or ST; returns the next index. */
function skipControlString(s: string, i: number): number {
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === BEL || c === 0x9c) return i + 1;
    if (c === ESC && s.charCodeAt(i + 1) === 0x5c) return i + 2;
  }
  return i;
}

/** Skips CSI parameters, intermediates and the final byte; returns the next index. */
function skipCsi(s: string, i: number): number {
  while (i < s.length && s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x3f) i++;
  while (i < s.length && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x2f) i++;
  if (i < s.length && s.charCodeAt(i) >= 0x40 && s.charCodeAt(i) <= 0x7e) i++;
  return i;
}

/** Drops ANSI/C1 escape sequences, NULs and other control characters except tab and newline. */
export function stripControls(s: string): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    const keep = c === 0x09 || c === 0x0a || (c >= 0x20 && c < 0x7f) || (c > 0x9f && !INVISIBLE.has(c));
    if (keep) {
      i++;
      continue;
    }
    out += s.slice(from, i);
    let next = i + 1;
    if (c === ESC) {
      const n = s.charCodeAt(i + 1);
      if (n === 0x5b) next = skipCsi(s, i + 2);
      else if (n === 0x5d || n === 0x50 || n === 0x58 || n === 0x5e || n === 0x5f)
        next = skipControlString(s, i + 2);
      else if (n >= 0x20 && n <= 0x7e) next = i + 2;
    } else if (c === 0x9b) {
      next = skipCsi(s, i + 1);
    } else if (c === 0x9d || c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) {
      next = skipControlString(s, i + 1);
    }
    i = next;
    from = next;
  }
  return from === 0 ? s : out + s.slice(from);
}

const BREAK_CHARS = ' \t\n;&|()<>';

function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

function isWordish(ch: string): boolean {
  return ch !== '' && !BREAK_CHARS.includes(ch) && ch !== "'" && ch !== '"';
}

/**
 * Outside quotes, `\x` for a word character is just `x`, a backslash-newline joins lines, and
 * an empty `''` or `""` glued to a word adds nothing (`r''m` is `rm`). Quoted text is left as
 * written: it is data, or it is analysed again when a shell runs it (`bash -c '…'`).
 */
export function unescapeWords(s: string): string {
  if (!s.includes('\\') && !s.includes("''") && !s.includes('""')) return s;
  const parts: string[] = [];
  let from = 0;
  const drop = (at: number, count: number): void => {
    parts.push(s.slice(from, at));
    from = at + count;
  };
  let state: 'none' | 'single' | 'double' | 'ansi' = 'none';
  let wordStart = true;
  let i = 0;
  while (i < s.length) {
    const ch = s.charAt(i);
    if (state !== 'none') {
      if (ch === '\\' && state !== 'single') i += 2;
      else {
        if ((ch === "'" && state !== 'double') || (ch === '"' && state === 'double')) state = 'none';
        i++;
      }
      continue;
    }
    const next = s.charAt(i + 1);
    if (ch === '\\') {
      if (next === '\n' || isWordChar(next.charCodeAt(0))) drop(i, next === '\n' ? 2 : 1);
      wordStart = false;
      i += 2;
      continue;
    }
    if (
      (ch === "'" || ch === '"') &&
      next === ch &&
      (isWordish(s.charAt(i - 1)) || isWordish(s.charAt(i + 2)))
    ) {
      drop(i, 2);
      i += 2;
      continue;
    }
    if (ch === '#' && wordStart) {
      const nl = s.indexOf('\n', i);
      i = nl === -1 ? s.length : nl;
      continue;
    }
    if (ch === "'") state = 'single';
    else if (ch === '"') state = 'double';
    else if (ch === '$' && next === "'") {
      state = 'ansi';
      i++;
    }
    wordStart = BREAK_CHARS.includes(ch);
    i++;
  }
  parts.push(s.slice(from));
  return parts.join('');
}
