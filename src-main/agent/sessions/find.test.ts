import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAttachments, fileBlock } from '../../../src-shared/attachments';
import { HTML_ANSWER, HTML_ANSWER_COUNTS } from '../../../src-shared/testing/findSamples';
import { sessionDetail } from '../../handlers/sessions';
import { SessionStore } from './store';
import { writeLongSessions } from './testing/longSessions';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-find-'));
  store = SessionStore.open(home);
});
afterEach(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

/** A prompt, then an assistant message with one terminal call whose output is `output`. */
function sessionWith(output: string, args: object = { command: 'npm test' }, reply = 'Ran the tests.') {
  const s = store.createSession({ title: 't' });
  store.appendMessage(s.id, { role: 'user', content: 'Please run the tests' });
  const call = {
    id: 'c1',
    type: 'function' as const,
    function: { name: 'terminal', arguments: JSON.stringify(args) },
  };
  store.appendMessage(s.id, { role: 'assistant', content: reply, tool_calls: [call] });
  const result = JSON.stringify({ output, exit_code: 0 });
  const handle = store.startToolCall(s.id, { id: 'c1', name: 'terminal', args: call.function.arguments });
  store.finishToolCall(handle, { result, status: 'ok', durationMs: 1, outcome: { ok: true, exitCode: 0 } });
  store.appendMessage(s.id, { role: 'tool', tool_call_id: 'c1', content: result });
  store.appendMessage(s.id, { role: 'assistant', content: 'All tests passed.' });
  return s.id;
}

const where = (h: { messageId: string; toolCallId?: string; field: string; offset: number }) =>
  `${h.messageId.split(':')[1]}/${h.toolCallId ?? '-'}/${h.field}@${h.offset}`;

describe('find in session', () => {
  it('finds message text and tool output in transcript order, with the ids the chat uses', () => {
    const id = sessionWith('line one\nTESTS: 3 passed\nline three');
    const found = store.find(id, 'tests');
    expect(found.hits.map(where)).toEqual(['0/-/text@15', '1/-/text@8', '1/c1/output@9', '3/-/text@4']);
    expect(found.truncated).toBe(false);
    // The message ids are those of sessions.get, so the chat can reveal them.
    const chatIds = sessionDetail(store, id, () => '').messages.map((m) => m.id);
    for (const hit of found.hits) expect(chatIds).toContain(hit.messageId);
    expect(found.hits[2]).toMatchObject({
      role: 'tool',
      snippet: { before: 'line one ', match: 'TESTS', after: ': 3 passed line three' },
    });
  });

  it('is case-insensitive and finds half words and paths with punctuation', () => {
    const id = sessionWith('Error: ENOENT at src/foo.ts:12:3\nenoent again');
    expect(store.find(id, 'enoent').hits.map((h) => h.snippet.match)).toEqual(['ENOENT', 'enoent']);
    expect(store.find(id, 'src/foo.ts:12').hits).toHaveLength(1);
    expect(store.find(id, 'NOEN').hits).toHaveLength(2);
    expect(store.find(id, 'absent').hits).toEqual([]);
  });

  it('reads %, _, quotes and backslashes literally, also inside JSON-escaped output', () => {
    const id = sessionWith('100% done\nsome_name\nsaid "hi" in C:\\tmp\nabc', { command: 'echo "x_y"' });
    expect(store.find(id, '%').hits.map(where)).toEqual(['1/c1/output@3']);
    expect(store.find(id, '_').hits.map(where)).toEqual(['1/c1/args@7', '1/c1/output@14']);
    expect(store.find(id, '"hi"').hits.map((h) => h.snippet.match)).toEqual(['"hi"']);
    expect(store.find(id, 'C:\\tmp').hits).toHaveLength(1);
    expect(store.find(id, "'").hits).toEqual([]);
    expect(store.find(id, 'a%c').hits).toEqual([]);
  });

  it('finds non-ASCII text whatever its case', () => {
    const id = sessionWith('Ünïcode ÉCLAIR', {}, 'Voilà un éclair');
    expect(store.find(id, 'éclair').hits.map(where)).toEqual(['1/-/text@9', '1/c1/output@8']);
    expect(store.find(id, 'ü').hits).toHaveLength(1);
  });

  it('stops at the limit and says there is more', () => {
    const id = sessionWith(Array.from({ length: 50 }, (_, i) => `match ${i}`).join('\n'));
    const found = store.find(id, 'match', { limit: 10 });
    expect(found.hits).toHaveLength(10);
    expect(found.truncated).toBe(true);
    expect(found.hits.map((h) => h.offset)).toEqual(
      [...found.hits.map((h) => h.offset)].sort((a, b) => a - b),
    );
    expect(store.find(id, 'match', { limit: 50 }).truncated).toBe(false);
  });

  it('does not search other sessions or the tool messages that repeat a call’s result', () => {
    const id = sessionWith('unique-word');
    sessionWith('unique-word');
    expect(store.find(id, 'unique-word').hits).toHaveLength(1);
  });

  it('finds the fixture’s early mark in its call', () => {
    const fixture = writeLongSessions(home, {
      sessions: 3,
      long: 1,
      toolCalls: 40,
      assistantMessages: 10,
      outputBytes: [500, 1_000],
      workspace: home,
    });
    const longId = fixture.longIds[0] ?? '';
    const hits = store.find(longId, fixture.earlyMark.toUpperCase()).hits;
    expect(hits.map((h) => h.toolCallId)).toEqual([fixture.earlyMarkCall]);
    const message = sessionDetail(store, longId, () => '').messages.find((m) => m.id === hits[0]?.messageId);
    expect(message?.toolCalls.map((c) => c.id)).toContain(fixture.earlyMarkCall);
  });

  it('finds an answer by the text its Markdown shows, not by its marks', () => {
    const answer = [
      '## Step 5: the plan',
      '',
      'I looked at the **theme** and the `driver`, see [the docs](https://example.test/x).',
      '',
      '| name | note |',
      '|---|---|',
      '| cache | *warm* start |',
      '',
      '```ts',
      'return input.length * 5; // a*b*c',
      '```',
      'AT&amp;T &lt;tag&gt; and `&amp;` in code',
    ].join('\n');
    const id = sessionWith('no output here', { command: 'npm test' }, answer);
    const matches = (query: string) => store.find(id, query).hits.map((h) => h.snippet.match);
    expect(matches('the theme and the driver, see the docs.')).toEqual([
      'the theme and the driver, see the docs.',
    ]);
    expect(matches('Step 5: the plan')).toEqual(['Step 5: the plan']);
    expect(matches('warm start')).toEqual(['warm start']);
    expect(matches('input.length * 5; // a*b*c')).toEqual(['input.length * 5; // a*b*c']);
    expect(matches('AT&T <tag>')).toEqual(['AT&T <tag>']);
    expect(matches('and &amp; in code')).toEqual(['and &amp; in code']);
    // The marks are not shown, so they are not found; nor is a link's target, nor the fences.
    expect(matches('**theme**')).toEqual([]);
    expect(matches('example.test')).toEqual([]);
    expect(matches('```')).toEqual([]);
    // Two cells of a row, and two blocks, are apart on the page: no match runs across them.
    expect(matches('cache warm')).toEqual([]);
    expect(matches('plan I looked')).toEqual([]);
    // The snippet is the shown text around the match.
    expect(store.find(id, 'theme').hits[0]?.snippet).toMatchObject({
      before: 'Step 5: the plan I looked at the ',
      match: 'theme',
    });
  });

  it('finds the text an answer’s HTML shows, not its tags, comments or what is never drawn', () => {
    const id = sessionWith('out', { command: 'true' }, HTML_ANSWER);
    const counts = Object.keys(HTML_ANSWER_COUNTS).map((q) => [q, store.find(id, q).hits.length]);
    expect(Object.fromEntries(counts)).toEqual(HTML_ANSWER_COUNTS);
  });

  it('reads a hostile answer’s broken HTML in one pass', () => {
    // Each unclosed tag and comment would send a lazy regular expression over the rest again.
    const broken = ['<a x', '<svg>', '<!--', '<script>'].map((t) => `<div>\n${t.repeat(100_000)}`);
    const id = sessionWith('out', { command: 'true' }, [...broken, 'plain words after'].join('\n\n'));
    expect(store.find(id, 'plain words after').hits).toHaveLength(1);
  });

  it('finds a prompt as typed: it is shown as written, marks and all', () => {
    const id = sessionWith('out');
    store.appendMessage(id, { role: 'user', content: 'Make the **theme** darker' });
    expect(store.find(id, '**theme**').hits.map((h) => h.field + ':' + h.role)).toEqual(['text:user']);
  });

  it('finds a prompt by what its bubble shows: the text typed and its attachments’ names', () => {
    const id = sessionWith('out');
    const prompt =
      'Compare these' +
      fileBlock({ kind: 'text', name: 'notes & "todo".txt', mime: 'text/plain' }, 'secret plan inside') +
      appendAttachments('', [
        { server: 'docs', uri: 'file:///spec.md', name: 'spec.md', text: 'plan of the spec' },
      ]);
    store.appendMessage(id, { role: 'user', content: prompt });
    const matches = (query: string) => store.find(id, query).hits.map((h) => `${h.role}:${h.snippet.match}`);
    // What was attached is not drawn, only named: its text and markup find nothing.
    expect(matches('plan')).toEqual([]);
    expect(matches('attached-file')).toEqual([]);
    expect(matches('mcp-resource')).toEqual([]);
    // The names are found as shown, not as escaped in the stored text.
    expect(matches('& "todo"')).toEqual(['user:& "todo"']);
    expect(matches('spec.md')).toEqual(['user:spec.md']);
    expect(matches('these')).toEqual(['user:these']);
    // The text and each chip stand apart on the page: no match runs from one into the next.
    expect(matches('these notes')).toEqual([]);
    expect(matches('mdnotes')).toEqual([]);
    // In the chips' order: resources, then files.
    expect(store.find(id, 'spec.md').hits[0]?.snippet).toEqual({
      before: 'Compare these ',
      match: 'spec.md',
      after: ' notes & "todo".txt',
    });
  });
});
