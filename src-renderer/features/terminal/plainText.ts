// Escape sequences are control characters by definition; matching them is the point.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

/** Terminal output as text for a card: colours, cursor moves and carriage returns dropped. */
export function plainText(chunk: string): string {
  return chunk.replace(ESCAPES, '').replace(/\r\n/g, '\n').replace(/\r/g, '');
}
