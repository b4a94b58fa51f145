import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastLine, looksLikePrompt, watchForInputWait } from './inputWait';
import type { ProcessHandle } from './types';
import { TerminalService } from './service';

let dir: string;
let service: TerminalService | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-input-wait-'));
});
afterEach(async () => {
  await service?.shutdown();
  service = undefined;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('what looks like a prompt', () => {
  it.each([
    ['Continue? [y/N] ', true],
    ['Proceed (yes/no)?', true],
    ['[sudo] password for ann: ', true],
    ['Enter passphrase for key: ', true],
    ['Name: ', true],
    ['building 3 of 9', false],
    ['', false],
    ['done.', false],
  ])('%j → %s', (line, expected) => {
    expect(looksLikePrompt(line)).toBe(expected);
  });

  it('reads the line the cursor is on, without colours; a finished line is no prompt', () => {
    expect(lastLine('a\r\nb\r\n\x1b[1mContinue? [y/N]\x1b[0m ')).toBe('Continue? [y/N]');
    expect(lastLine('progress 10%\rOverwrite? ')).toBe('Overwrite?');
    expect(lastLine('Installing:\r\n')).toBe('');
    expect(looksLikePrompt(lastLine('Installing:\n'))).toBe(false);
  });
});

/** A handle whose output the test writes; only `onData` is read by the watcher. */
function scriptedOutput(): { handle: ProcessHandle; write: (data: string) => void } {
  const listeners = new Set<(data: string) => void>();
  const handle = {
    onData: (listener: (data: string) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as ProcessHandle; // the watcher reads nothing else of the handle
  return { handle, write: (data) => listeners.forEach((listener) => listener(data)) };
}

describe('the quiet spell', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from the last chunk, however many came before, and reads the prompt after a flood', () => {
    vi.useFakeTimers();
    const { handle, write } = scriptedOutput();
    const waits: string[] = [];
    const stop = watchForInputWait(handle, (prompt) => waits.push(prompt), 1_000);
    for (let i = 0; i < 5_000; i++) write(`line ${i} ${'x'.repeat(70)}\r\n`);
    write('Overwrite ');
    vi.advanceTimersByTime(600);
    write('config.json? [y/N] ');
    vi.advanceTimersByTime(999);
    expect(waits).toEqual([]);
    vi.advanceTimersByTime(2);
    expect(waits).toEqual(['Overwrite config.json? [y/N]']);
    stop();
  });

  it('output that keeps coming is never read as waiting, and a stopped watcher stays silent', () => {
    vi.useFakeTimers();
    const { handle, write } = scriptedOutput();
    const waits: string[] = [];
    const stop = watchForInputWait(handle, (prompt) => waits.push(prompt), 1_000);
    for (let i = 0; i < 50; i++) {
      write(`step ${i}: `);
      vi.advanceTimersByTime(500);
    }
    expect(waits).toEqual([]);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(waits).toEqual([]);
  });
});

describe('a foreground command that waits for input', () => {
  it('is ended with a clear reason when no one can answer, not left to its timeout', async () => {
    service = new TerminalService({ config: { local: { cwd: dir } }, inputWait: 'end' });
    const result = await service.run({
      taskId: 't',
      toolCallId: 'c',
      command: 'read -p "Continue? [y/N] " a; echo got-$a',
      pty: true,
      timeout: 300,
    });
    if (result.status !== 'completed') throw new Error('expected a foreground result');
    expect(result.timedOut).toBe(false);
    expect(result.output).toContain('Continue? [y/N]');
    expect(result.output).toMatch(/waited for input \("Continue\? \[y\/N\]"\).*no one here can answer/);
    expect(result.output).not.toContain('got-');
  }, 60_000);

  it('a quiet command that shows no prompt runs to its end', async () => {
    service = new TerminalService({ config: { local: { cwd: dir } }, inputWait: 'end' });
    const result = await service.run({
      taskId: 't',
      toolCallId: 'c',
      command: 'echo working; sleep 2.5; echo finished',
      pty: true,
    });
    if (result.status !== 'completed') throw new Error('expected a foreground result');
    expect(result.output).toContain('finished');
    expect(result.exitCode).toBe(0);
  }, 60_000);
});

describe('a command handed to a person', () => {
  it('tells who shows it, takes their typing, and tells the model it was answered without what was typed', async () => {
    const waits: { streamId: string; prompt: string; toolCallId: string }[] = [];
    service = new TerminalService({
      config: { local: { cwd: dir } },
      inputWait: 'hand-over',
      onInputWait: (info) => {
        waits.push(info);
        expect(service?.writeInput(info.streamId, 's3cret\r')).toBe(true);
      },
    });
    expect(service.writeInput('no-such-stream', 'x')).toBe(false);
    const result = await service.run({
      taskId: 't',
      toolCallId: 'c-read',
      command: 'stty -echo; read -p "Password: " a; stty echo; echo; echo got-${#a}-chars',
      pty: true,
      timeout: 300,
    });
    if (result.status !== 'completed') throw new Error('expected a foreground result');
    expect(waits).toEqual([expect.objectContaining({ prompt: 'Password:', toolCallId: 'c-read' })]);
    expect(result.output).toContain('got-6-chars');
    expect(result.output).toContain('was handed to the user in the terminal, who answered it');
    expect(result.output).not.toContain('s3cret');
    expect(service.writeInput(waits[0]?.streamId ?? '', 'late')).toBe(false);
  }, 60_000);
});
