import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionDetail, toolOutputPage } from './sessions';
import { SessionStore } from '../agent/sessions/store';
import { storedToolCallViews } from '../agent/toolCards';
import { ContractError } from '../contract/router';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-tool-output-'));
  store = SessionStore.open(home);
});
afterEach(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

const OUTPUT = Array.from({ length: 3_000 }, (_, i) => `[${i}] build step done`).join('\n');

const FILE = Array.from({ length: 30 }, (_, i) => `${i + 1}|const line${i} = 'value';`).join('\n');

/** A session with one long failed command, a file read, one refused call and one short one. */
function session(): string {
  const s = store.createSession({ title: 'long' });
  const calls = [
    { id: 'c_long', result: JSON.stringify({ output: OUTPUT, exit_code: 1 }), ok: false, exitCode: 1 },
    { id: 'c_short', result: JSON.stringify({ output: 'tiny', exit_code: 0 }), ok: true, exitCode: 0 },
    // A file read's size: a long session holds a thousand of them.
    { id: 'c_read', result: JSON.stringify({ content: FILE, total_lines: 30 }), ok: true },
    {
      id: 'c_refused',
      result: JSON.stringify({ error: 'refused', approval: 'blocked' }),
      ok: false,
      refusal: { kind: 'blocked' as const, decidedBy: 'hardline' },
    },
  ];
  store.appendMessage(s.id, { role: 'user', content: 'go' });
  store.appendMessage(s.id, {
    role: 'assistant',
    content: 'running',
    tool_calls: calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: 'terminal', arguments: '{}' },
    })),
  });
  for (const c of calls) {
    const handle = store.startToolCall(s.id, { id: c.id, name: 'terminal', args: '{}' });
    store.finishToolCall(handle, {
      result: c.result,
      status: c.ok ? 'ok' : 'error',
      durationMs: 3,
      outcome: {
        ok: c.ok,
        ...(c.exitCode !== undefined ? { exitCode: c.exitCode } : {}),
        ...(c.refusal ? { refusal: c.refusal } : {}),
      },
    });
    store.appendMessage(s.id, { role: 'tool', tool_call_id: c.id, content: c.result });
  }
  return s.id;
}

describe('sessions.get and sessions.toolOutput', () => {
  it('sends a long output as its size, with the card otherwise as it was', () => {
    const id = session();
    const detail = sessionDetail(store, id, () => '');
    expect(JSON.stringify(detail)).not.toContain('build step done');
    const cards = detail.messages.flatMap((m) => m.toolCalls);
    const full = storedToolCallViews(store, id);
    const long = cards.find((c) => c.id === 'c_long');
    expect(long).toMatchObject({ status: 'error', exitCode: 1, outputSize: expect.any(Number) as number });
    expect(long?.result).toBeUndefined();
    expect(long?.outputText).toBeUndefined();
    const read = cards.find((c) => c.id === 'c_read');
    expect(read).toMatchObject({ status: 'ok', outputSize: expect.any(Number) as number });
    expect(read?.outputText).toBeUndefined();
    expect(JSON.stringify(detail)).not.toContain('line7');
    // Short and refused cards are the same as the export's, their shown result sent once.
    for (const callId of ['c_short', 'c_refused']) {
      const card = cards.find((c) => c.id === callId);
      expect(card).toEqual({ ...full.get(callId), result: '' });
      expect(JSON.stringify(card)).not.toContain(JSON.stringify(full.get(callId)?.result));
    }
  });

  it('pages the output text until its end', () => {
    const id = session();
    let text = '';
    let total = Infinity;
    while (text.length < total) {
      const page = toolOutputPage(store, {
        sessionId: id,
        callId: 'c_long',
        offset: text.length,
        limit: 10_000,
      });
      expect(page.text.length).toBeGreaterThan(0);
      text += page.text;
      total = page.total;
    }
    expect(text).toBe(OUTPUT);
  });

  it("says when a page is a JSON result's whole text, which its card shows as the Result", () => {
    const s = store.createSession({ title: 'json' });
    const json = JSON.stringify({
      matches: Array.from({ length: 16 }, (_, i) => ({ path: `src/module${i}/index.ts`, line: i })),
    });
    const calls = { c_json: json, c_read: JSON.stringify({ content: FILE, total_lines: 30 }) };
    store.appendMessage(s.id, {
      role: 'assistant',
      content: '',
      tool_calls: Object.keys(calls).map((id) => ({
        id,
        type: 'function',
        function: { name: 'search', arguments: '{}' },
      })),
    });
    for (const [id, result] of Object.entries(calls)) {
      const handle = store.startToolCall(s.id, { id, name: 'search', args: '{}' });
      store.finishToolCall(handle, { result, status: 'ok', durationMs: 1, outcome: { ok: true } });
    }
    const card = sessionDetail(store, s.id, () => '').messages.flatMap((m) => m.toolCalls)[0];
    expect(card).toMatchObject({ id: 'c_json', outputSize: json.length });
    // Sent with the session, the card would show it as its result: no output text.
    expect(storedToolCallViews(store, s.id).get('c_json')).toMatchObject({ result: json });
    expect(storedToolCallViews(store, s.id).get('c_json')?.outputText).toBeUndefined();
    const page = (callId: string) =>
      toolOutputPage(store, { sessionId: s.id, callId, offset: 0, limit: 100_000 });
    expect(page('c_json')).toEqual({ text: json, total: json.length, wholeResult: true });
    expect(page('c_read')).toEqual({ text: FILE, total: FILE.length });
  });

  it('refuses a call the session does not hold', () => {
    const id = session();
    expect(() => toolOutputPage(store, { sessionId: id, callId: 'nope', offset: 0, limit: 10 })).toThrow(
      ContractError,
    );
  });
});
