/** One argument for a POSIX shell command line: single-quoted, its own quotes escaped. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
