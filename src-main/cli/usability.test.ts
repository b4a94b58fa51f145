import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { AgentEvent } from '../../src-shared/agentEvents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPrinter, finishedLines } from './chatActivity';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-cli-usability-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const m = memoryIo({ CADUCEUS_HOME: home, PATH: process.env.PATH }, home);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

describe('CLI usability', () => {
  it('prints its version', async () => {
    const { code, stdout } = await run(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^caduceus \d+\.\d+\.\d+/);
  });

  it('prints help for one command with --help', async () => {
    const { code, stdout } = await run(['chat', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('caduceus chat [-q "<prompt>"]');
    expect(stdout).toContain('--approvals');
    expect(stdout).toContain('/model, /toolsets, /approvals, /new, /exit');
  });

  it('suggests the closest command for a typo', async () => {
    const { code, stderr } = await run(['chta']);
    expect(code).toBe(2);
    expect(stderr).toContain('Did you mean "chat"?');
  });

  it('suggests the closest flag for an unknown one', async () => {
    const { code, stderr } = await run(['chat', '-q', 'hi', '--modle', 'x']);
    expect(code).toBe(2);
    expect(stderr).toContain('Did you mean --model?');
  });

  it('exits non-zero when a called tool returns an error', async () => {
    const failed = await run(['call', 'terminal', '--args', '{"command":"echo out; exit 3"}']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('"exit_code":3');
    const missing = await run(['call', 'read_file', '--args', '{"path":"/nonexistent/file"}']);
    expect(missing.code).toBe(1);
    const ok = await run(['call', 'terminal', '--args', '{"command":"true"}']);
    expect(ok.code).toBe(0);
  });
});

describe('chat activity', () => {
  const finished = (result: string, status: 'ok' | 'error' = 'ok') =>
    finishedLines({
      type: 'tool_finished',
      sessionId: 's',
      depth: 0,
      toolCallId: 'c',
      name: 'terminal',
      status,
      durationMs: 300,
      resultPreview: result.slice(0, 200),
      result,
    });

  it('marks a non-zero exit as a failure with its code and shows the last lines of output', () => {
    const output = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');
    const lines = finished(JSON.stringify({ output, exit_code: 1 }));
    expect(lines[0]).toBe('✗ terminal (exit 1, 0.3s)');
    expect(lines).toContain('│ … 7 earlier lines');
    expect(lines.at(-1)).toBe('│ line 12');
  });

  it('says what a file write changed, in one line', () => {
    const lines = finishedLines({
      type: 'tool_finished',
      sessionId: 's',
      depth: 0,
      toolCallId: 'c',
      name: 'patch',
      status: 'ok',
      durationMs: 300,
      resultPreview: '{"replacements":1}',
      result: JSON.stringify({ path: '/w/a.ts', replacements: 1 }),
      outcome: { fileDiff: { path: '/w/a.ts', created: false, added: 2, removed: 1, diff: '' } },
    });
    expect(lines).toEqual(['✓ patch (0.3s)', '  changed /w/a.ts +2 −1']);
  });

  it('says why a command was blocked, in words', () => {
    const result = JSON.stringify({
      error: 'Command blocked: …',
      approval: 'blocked',
      decided_by: 'hardline',
      rule: 'recursive delete of /',
    });
    const text = finished(result, 'error').join('\n');
    expect(text).toContain('Refused permanently');
    expect(text).toContain('recursive delete of /');
    expect(text).not.toContain('{"error"');
  });

  it("takes the refusal from the event, though a hook rewrote the result's text", () => {
    const lines = finishedLines({
      type: 'tool_finished',
      sessionId: 's',
      depth: 0,
      toolCallId: 'c',
      name: 'terminal',
      status: 'error',
      durationMs: 300,
      resultPreview: 'rewritten by a hook',
      result: 'rewritten by a hook',
      approval: 'denied',
    });
    expect(lines[0]).toBe('✗ terminal (0.3s) Denied by you.');
  });

  it('prints no summary line before a TTY approval prompt', () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c: Buffer) => chunks.push(c.toString()));
    const event: AgentEvent = {
      type: 'approval_requested',
      sessionId: 's',
      depth: 0,
      requestId: 'r',
      command: 'rm -rf build',
      reasons: ['recursive delete'],
    };
    activityPrinter(out, { prompting: true })(event);
    expect(chunks.join('')).toBe('');
    activityPrinter(out, { prompting: false })(event);
    expect(chunks.join('')).toContain('approval needed');
  });
});
