/** The sixteen ANSI colours; each is a `--term-…` variable in theme.css, in both schemes. */
export const ANSI_COLOURS = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'brightBlack',
  'brightRed',
  'brightGreen',
  'brightYellow',
  'brightBlue',
  'brightMagenta',
  'brightCyan',
  'brightWhite',
] as const;

/** `brightYellow` → `bright-yellow`. */
export const cssName = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
