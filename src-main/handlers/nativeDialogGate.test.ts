import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src-shared/ipc/schemas';
import { NativeDialogGate } from './nativeDialogGate';

const request = (id: string, sessionId: string) => ({ id, sessionId }) as ApprovalRequest;

/** A presenter whose dialogs stay open until the test closes them. */
function presenter() {
  const opened: string[] = [];
  const closers = new Map<string, (choice: string) => void>();
  const present = (requests: ApprovalRequest[]) =>
    new Promise<string>((resolve) => {
      const id = requests[0]?.id ?? '';
      opened.push(id);
      closers.set(id, resolve);
    });
  return { opened, close: (id: string) => closers.get(id)?.('once'), present };
}

describe('NativeDialogGate', () => {
  it('opens a dialog only for the session in view, and one at a time', async () => {
    const gate = new NativeDialogGate();
    const p = presenter();
    const ask = gate.gate(p.present, 'deny');
    gate.shown('s1');
    const first = ask([request('a', 's1')], new AbortController().signal);
    const second = ask([request('b', 's1')], new AbortController().signal);
    const other = ask([request('c', 's2')], new AbortController().signal);
    await Promise.resolve();
    expect(p.opened).toEqual(['a']);
    p.close('a');
    expect(await first).toBe('once');
    await expect.poll(() => p.opened).toEqual(['a', 'b']);
    p.close('b');
    await second;
    // s2's request waits until s2 is shown.
    await Promise.resolve();
    expect(p.opened).toEqual(['a', 'b']);
    gate.shown('s2');
    await expect.poll(() => p.opened).toEqual(['a', 'b', 'c']);
    p.close('c');
    expect(await other).toBe('once');
  });

  it('a request answered elsewhere before its turn never opens a dialog', async () => {
    const gate = new NativeDialogGate();
    const p = presenter();
    const ask = gate.gate(p.present, 'deny');
    const abort = new AbortController();
    const waiting = ask([request('a', 's9')], abort.signal);
    abort.abort();
    expect(await waiting).toBe('deny');
    gate.shown('s9');
    expect(p.opened).toEqual([]);
  });
});
