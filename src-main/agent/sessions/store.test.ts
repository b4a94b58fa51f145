import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportSession } from './export';
import { INTERRUPTED_RESULT, repairTranscript } from './repair';
import { SessionStore } from './store';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-sessions-'));
  store = SessionStore.open(home);
});
afterEach(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

const call = (id: string, name = 'echo') => ({
  id,
  type: 'function' as const,
  function: { name, arguments: '{}' },
});

describe('SessionStore', () => {
  it('lists, renames, resolves prefixes and deletes with everything that belongs to a session', () => {
    const a = store.createSession({ title: 'first', model: 'm' });
    const b = store.createSession({ title: 'second' });
    const child = store.createSession({ title: 'child', parentId: a.id });
    store.appendMessage(a.id, { role: 'user', content: 'alpha bravo' });
    store.appendMessage(child.id, { role: 'user', content: 'alpha child' });
    expect(
      store
        .listSessions()
        .map((s) => s.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(store.listSessions({ includeChildren: true })).toHaveLength(3);
    expect(store.getSession(a.id)).toMatchObject({
      title: 'first',
      model: 'm',
      messageCount: 1,
      parentId: null,
    });
    expect(store.renameSession(b.id, 'renamed')).toBe(true);
    expect(store.getSession(b.id)?.title).toBe('renamed');
    expect(store.resolveId(a.id.slice(0, a.id.length - 2))).toBe(a.id);
    expect(store.resolveId('nope')).toBeUndefined();

    const handle = store.startToolCall(a.id, { id: 'c1', name: 'echo', args: '{}' });
    store.finishToolCall(handle, { result: 'ok', status: 'ok', durationMs: 3 });
    store.recordApprovalRequest({ id: 'r1', sessionId: a.id, command: 'rm -rf x', reasons: ['deletes'] });
    expect(store.search('alpha')).toHaveLength(2);
    expect(store.deleteSession(a.id)).toBe(true);
    expect(store.getSession(child.id)).toBeUndefined();
    expect(store.toolCalls(a.id)).toEqual([]);
    expect(store.approvals(a.id)).toEqual([]);
    expect(store.search('alpha')).toEqual([]);
  });

  it('keeps tool calls and approvals with their outcome', () => {
    const s = store.createSession();
    const handle = store.startToolCall(s.id, { id: 'c1', name: 'terminal', args: '{"command":"ls"}' });
    expect(store.toolCalls(s.id)[0]).toMatchObject({ id: 'c1', status: 'running', result: null });
    store.finishToolCall(handle, { result: 'a\nb', status: 'ok', durationMs: 12.5 });
    expect(store.toolCalls(s.id)[0]).toMatchObject({ status: 'ok', result: 'a\nb', durationMs: 12.5 });
    store.recordApprovalRequest({
      id: 'r1',
      sessionId: s.id,
      toolCallId: 'c1',
      command: 'rm -rf /tmp/x',
      reasons: ['recursive delete'],
    });
    store.recordApprovalAnswer('r1', 'once', 'user');
    expect(store.approvals(s.id)).toEqual([
      expect.objectContaining({
        id: 'r1',
        toolCallId: 'c1',
        reasons: ['recursive delete'],
        decision: 'once',
        decidedBy: 'user',
      }),
    ]);
  });

  it('searches any term when all terms find nothing, and ignores FTS syntax in queries', () => {
    const s = store.createSession({ title: 't' });
    store.appendMessage(s.id, { role: 'user', content: 'configure the nginx proxy' });
    store.appendMessage(s.id, { role: 'assistant', content: 'nginx is configured' });
    expect(store.search('nginx proxy')).toHaveLength(1);
    expect(store.search('nginx zebra')).toHaveLength(2);
    expect(store.search('nginx: "proxy*(')).toHaveLength(1);
    expect(store.search('nginx', { role: 'assistant' })).toEqual([
      expect.objectContaining({ role: 'assistant' }),
    ]);
    expect(store.search('nginx', { limit: 1 })).toHaveLength(1);
    expect(store.search('***')).toEqual([]);
  });

  it('matches word prefixes, as people type them', () => {
    const s = store.createSession({ title: 't' });
    store.appendMessage(s.id, { role: 'user', content: 'the deployment of kubernetes' });
    expect(store.search('deplo')).toHaveLength(1);
    expect(store.search('deplo kube')).toHaveLength(1);
    expect(store.search('eployment')).toEqual([]);
  });

  it('exports Markdown and JSON', () => {
    const s = store.createSession({ title: 'Export me', systemPrompt: 'sys' });
    store.appendMessage(s.id, { role: 'user', content: 'list files' });
    store.appendMessage(s.id, { role: 'assistant', content: null, tool_calls: [call('c1', 'terminal')] });
    const handle = store.startToolCall(s.id, { id: 'c1', name: 'terminal', args: '{}' });
    store.finishToolCall(handle, { result: 'a.txt', status: 'ok', durationMs: 1 });
    store.appendMessage(s.id, { role: 'tool', tool_call_id: 'c1', content: 'a.txt' });
    store.appendMessage(s.id, { role: 'assistant', content: 'One file: a.txt' });
    const md = exportSession(store, s.id, 'markdown') ?? '';
    expect(md).toMatch(/^# Export me\n/);
    expect(md).toContain('## User\n\nlist files');
    expect(md).toContain('**Tool call** `terminal` (c1): Done');
    expect(md).toContain('### Result (terminal: Done)\n\n```\na.txt\n```');
    expect(md).toContain('## Assistant\n\nOne file: a.txt');
    const json = JSON.parse(exportSession(store, s.id, 'json') ?? '') as Record<string, unknown>;
    expect(json).toMatchObject({ systemPrompt: 'sys', session: { id: s.id, messageCount: 4 } });
    expect(json.messages).toHaveLength(4);
    expect(json.cards).toEqual([expect.objectContaining({ id: 'c1', status: 'ok', outputText: 'a.txt' })]);
    expect(exportSession(store, 'missing', 'json')).toBeUndefined();
  });

  it('exports JSON results and arguments readably: output as text, not escaped JSON', () => {
    const s = store.createSession({ title: 'Readable' });
    const args = JSON.stringify({ path: 'a.txt', content: 'line one\nline two' });
    store.appendMessage(s.id, {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'write_file', arguments: args } }],
    });
    const result = JSON.stringify({ output: 'first\n"quoted"\nlast', exit_code: 0 });
    store.appendMessage(s.id, { role: 'tool', tool_call_id: 'c1', content: result });
    const md = exportSession(store, s.id, 'markdown') ?? '';
    expect(md).toContain(
      '```json\n{\n  "path": "a.txt"\n}\n```\n\n`content`:\n\n```\nline one\nline two\n```',
    );
    expect(md).toContain(
      '```json\n{\n  "exit_code": 0\n}\n```\n\n`output`:\n\n```\nfirst\n"quoted"\nlast\n```',
    );
    expect(md).not.toContain('\\n');
  });
});

describe('repairTranscript', () => {
  it('answers calls left open by a crash, from recorded results when the call had finished', () => {
    const repaired = repairTranscript(
      [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
        { role: 'tool', tool_call_id: 'stray', content: 'orphan' },
      ],
      new Map([['a', 'result of a']]),
    );
    expect(repaired).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'a', content: 'result of a' },
      { role: 'tool', tool_call_id: 'b', content: INTERRUPTED_RESULT },
    ]);
  });
});
