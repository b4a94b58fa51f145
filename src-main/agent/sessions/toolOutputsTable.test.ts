import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from './store';
import { LEAN_RESULT_CHARS } from './toolOutputsTable';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-outputs-'));
  store = SessionStore.open(home);
});
afterEach(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

const lines = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `${tag} line ${i} "quoted" \\ back`).join('\n');

/** One finished call; `outcome` false stores it as calls were stored before outcomes were. */
function finish(sessionId: string, id: string, result: string, ok = true, outcome = true): void {
  const handle = store.startToolCall(sessionId, { id, name: 'terminal', args: '{}' });
  store.finishToolCall(handle, {
    result,
    status: ok ? 'ok' : 'error',
    durationMs: 1,
    ...(outcome ? { outcome: { ok, exitCode: ok ? 0 : 2 } } : {}),
  });
}

describe('tool outputs for the transcript', () => {
  it('leaves long results out of the cards, keeping short ones and old rows whole', () => {
    const s = store.createSession();
    const long = JSON.stringify({ output: lines(400, 'long'), exit_code: 0 });
    expect(long.length).toBeGreaterThan(LEAN_RESULT_CHARS);
    finish(s.id, 'c_long', long);
    finish(s.id, 'c_short', JSON.stringify({ output: 'short', exit_code: 0 }));
    finish(
      s.id,
      'c_failed',
      JSON.stringify({ output: lines(400, 'f'), error: 'it broke', exit_code: 2 }),
      false,
    );
    finish(s.id, 'c_old', long, true, false);

    const calls = new Map(store.toolOutputs.leanCalls(s.id).map((c) => [c.id, c]));
    expect(calls.get('c_long')).toMatchObject({
      result: null,
      resultChars: long.length,
      exitCode: 0,
      ok: true,
    });
    expect(calls.get('c_short')?.result).toBe(JSON.stringify({ output: 'short', exit_code: 0 }));
    expect(calls.get('c_failed')).toMatchObject({ result: null, errorText: 'it broke', exitCode: 2 });
    expect(calls.get('c_old')?.result).toBe(long);
  });

  it("pages a call's output text out of its JSON, and a plain result as it is", () => {
    const s = store.createSession();
    const output = lines(500, 'paged');
    finish(s.id, 'c_json', JSON.stringify({ output, exit_code: 0 }));
    finish(s.id, 'c_read', JSON.stringify({ content: 'file text', total_lines: 1 }));
    finish(s.id, 'c_plain', 'not json at all');

    const first = store.toolOutputs.page(s.id, 'c_json', 0, 5_000);
    expect(first).toEqual({ text: output.slice(0, 5_000), total: output.length });
    const rest = store.toolOutputs.page(s.id, 'c_json', 5_000, 1_000_000);
    expect((first?.text ?? '') + (rest?.text ?? '')).toBe(output);
    expect(store.toolOutputs.page(s.id, 'c_read', 0, 100)).toEqual({ text: 'file text', total: 9 });
    expect(store.toolOutputs.page(s.id, 'c_plain', 4, 3)).toEqual({ text: 'jso', total: 15 });
  });

  it('answers only for a call of the session asked about', () => {
    const a = store.createSession();
    const b = store.createSession();
    finish(a.id, 'c_a', 'output of a');
    expect(store.toolOutputs.page(b.id, 'c_a', 0, 10)).toBeUndefined();
    expect(store.toolOutputs.page(a.id, 'c_missing', 0, 10)).toBeUndefined();
  });

  it('leaves tool messages out of a transcript read', () => {
    const s = store.createSession();
    store.appendMessage(s.id, { role: 'tool', tool_call_id: 'c1', content: 'big output' });
    store.appendMessage(s.id, { role: 'assistant', content: 'said' });
    expect(store.messages(s.id, { toolContent: false })).toEqual([
      { role: 'tool', content: null },
      { role: 'assistant', content: 'said' },
    ]);
    expect(store.messages(s.id)[0]?.content).toBe('big output');
  });
});
