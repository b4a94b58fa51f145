/** patch's "replace" mode: an exact string that must occur once (or every occurrence, when asked). */

export type EditResult = { text: string; replacements: number } | { error: string };

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length))
    found.push(at);
  return found;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Lines whose trimmed text equals the first line of `needle` trimmed: where a near miss probably is. */
function nearMisses(text: string, needle: string): number[] {
  const first = (needle.split('\n').find((line) => line.trim() !== '') ?? '').trim();
  if (first === '') return [];
  const lines = text.split('\n');
  const hits: number[] = [];
  for (let i = 0; i < lines.length && hits.length < 5; i++)
    if ((lines[i] ?? '').trim() === first) hits.push(i + 1);
  return hits;
}

export function replaceExact(
  text: string,
  oldString: string,
  newString: string,
  replaceAll: boolean,
  path: string,
): EditResult {
  if (oldString === '') return { error: 'old_string is empty; to write a whole file use write_file' };
  if (oldString === newString)
    return { error: 'old_string and new_string are the same; nothing would change' };
  let needle = oldString;
  let replacement = newString;
  let found = occurrences(text, needle);
  // A model copying from read_file sends \n; a CRLF file has \r\n.
  if (found.length === 0 && text.includes('\r\n') && !oldString.includes('\r\n')) {
    needle = oldString.replace(/\n/g, '\r\n');
    replacement = newString.replace(/\r?\n/g, '\r\n');
    found = occurrences(text, needle);
  }
  if (found.length === 0) {
    const near = nearMisses(text, oldString);
    const hint =
      near.length > 0
        ? ` Its first line appears, with different indentation or surroundings, at line ${near.join(', ')}; read the file again and copy the text exactly.`
        : ' Read the file again and copy the text exactly, including whitespace.';
    return { error: `old_string was not found in ${path}.${hint}` };
  }
  if (found.length > 1 && !replaceAll) {
    const lines = found.slice(0, 10).map((at) => lineOf(text, at));
    return {
      error:
        `old_string occurs ${found.length} times in ${path} (lines ${lines.join(', ')}${found.length > 10 ? ', …' : ''}). ` +
        'Include more surrounding lines to make it unique, or set replace_all to replace every occurrence.',
    };
  }
  return { text: text.split(needle).join(replacement), replacements: found.length };
}
