import { describe, expect, it } from 'vitest';
import { appendAttachments, splitAttachments } from './attachments';

describe('resources attached to a user message', () => {
  it('round-trips the text and each attachment through the message the model receives', () => {
    const att = [
      { server: 'everything', uri: 'demo://a/"quoted".md', name: 'a.md', text: 'line 1\nline 2' },
      { server: 'docs', uri: 'file:///b.txt', name: 'b.txt', text: '' },
    ];
    const message = appendAttachments('Summarise these', att);
    expect(message).toContain('line 1\nline 2');
    expect(message.startsWith('Summarise these\n\n')).toBe(true);
    expect(splitAttachments(message)).toEqual({
      text: 'Summarise these',
      attachments: att.map(({ server, uri, name }) => ({ server, uri, name })),
    });
  });

  it('leaves a message without attachments (or with the tag mid-text) as it is', () => {
    expect(splitAttachments('hello')).toEqual({ text: 'hello', attachments: [] });
    expect(appendAttachments('hello', [])).toBe('hello');
    const typed = 'see <mcp-resource server="x" uri="y" name="z">\nq\n</mcp-resource> and more';
    expect(splitAttachments(typed)).toEqual({ text: typed, attachments: [] });
  });
});
