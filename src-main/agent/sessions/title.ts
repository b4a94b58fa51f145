/** At most this many characters of a session's title. */
const MAX_TITLE = 60;

/**
 * A session's title from the first prompt: its first line as plain text (Markdown emphasis,
 * code ticks, heading and list markers dropped, links reduced to their text), shortened.
 */
export function sessionTitle(prompt: string): string {
  const line = prompt.split('\n').find((l) => l.trim() !== '') ?? '';
  const plain = stripMarkdown(line);
  return plain.length > MAX_TITLE ? `${plain.slice(0, MAX_TITLE - 1)}…` : plain;
}

/** One line of Markdown as the words a reader sees. */
export function stripMarkdown(line: string): string {
  return line
    .replace(/^\s*(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?=\S)(.+?)(?<=\S)[*_](?![\w*])/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}
