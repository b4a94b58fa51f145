import { describe, expect, it } from 'vitest';
import { appendAttachments, fileBlock, splitAttachments } from './attachments';

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
      files: [],
    });
  });

  it('leaves a message without attachments (or with the tag mid-text) as it is', () => {
    expect(splitAttachments('hello')).toEqual({ text: 'hello', attachments: [], files: [] });
    expect(appendAttachments('hello', [])).toBe('hello');
    const typed = 'see <mcp-resource server="x" uri="y" name="z">\nq\n</mcp-resource> and more';
    expect(splitAttachments(typed)).toEqual({ text: typed, attachments: [], files: [] });
  });
});

describe('files attached to a user message', () => {
  it('round-trips images, text files and other files after MCP resources, keeping only refs', () => {
    const image = {
      kind: 'image' as const,
      name: 'shot "1".png',
      mime: 'image/png',
      path: '/tmp/s/a-shot.png',
    };
    const text = { kind: 'text' as const, name: 'notes.md', mime: 'text/markdown' };
    const other = {
      kind: 'file' as const,
      name: 'data.bin',
      mime: 'application/octet-stream',
      path: '/tmp/s/b.bin',
    };
    const withResource = appendAttachments('Look', [{ server: 's', uri: 'u://1', name: 'one', text: 'r' }]);
    const message = withResource + fileBlock(image) + fileBlock(text, '# Notes\nbody') + fileBlock(other);
    expect(message).toContain('# Notes\nbody');
    expect(message).toContain('The file was copied to /tmp/s/b.bin');
    expect(splitAttachments(message)).toEqual({
      text: 'Look',
      attachments: [{ server: 's', uri: 'u://1', name: 'one' }],
      files: [image, text, other],
    });
  });
});
