/**
 * A search snippet as the sidebar shows it: plain words. FTS5 marks matches with >>> <<<,
 * and stored messages carry Markdown and escaped JSON (tool results); none of it helps a reader.
 */
export function cleanSnippet(snippet: string): string {
  return (
    snippet
      .replace(/>>>|<<</g, '')
      .replace(/\\[nrt]/g, ' ')
      .replace(/\\"/g, '"')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/```\w*|`/g, '')
      .replace(/(^|\s)#{1,6}\s/g, '$1')
      .replace(/\*\*|__/g, '')
      .replace(/(^|\s)[*_](?=\S)|(?<=\S)[*_](?=\s|$)/g, '$1')
      // JSON: keys become "key:", quotes around values and brackets go.
      .replace(/"(\w+)":\s*/g, '$1: ')
      .replace(/"\s*([,}\]])/g, '$1')
      .replace(/([{[,:]\s*)"/g, '$1')
      .replace(/[{}[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
