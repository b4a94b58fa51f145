import { describe, expect, it } from 'vitest';
import { seekSummary } from './SeekRow';

const message = (role: 'user' | 'assistant', content: string, calls = 0) => ({
  role,
  content,
  toolCallIds: Array.from({ length: calls }, (_, i) => `call_${i}`),
});

describe('seekSummary', () => {
  it('names a message by its first line of text, without Markdown marks', () => {
    expect(seekSummary(message('assistant', '\n## Step 3: **build** the `queue`\n\nmore'))).toBe(
      'Step 3: build the queue',
    );
    expect(seekSummary(message('assistant', '- first item\n- second'))).toBe('first item');
  });

  it('counts the tools a message called, alone or after its line', () => {
    expect(seekSummary(message('assistant', '', 1))).toBe('1 tool call');
    expect(seekSummary(message('assistant', 'Looking.', 3))).toBe('Looking. · 3 tool calls');
  });

  it('keeps a long first line short and reads only the start of a long message', () => {
    const summary = seekSummary(message('assistant', `${'word '.repeat(500)}\nnext`));
    expect(summary.length).toBeLessThanOrEqual(120);
    expect(summary.startsWith('word word')).toBe(true);
  });
});
