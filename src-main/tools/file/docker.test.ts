import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGED_LABEL } from '../../terminal/backends/docker';
import { TerminalService } from '../../terminal/service';
import { dockerUnavailableReason, startDockerd, type DockerFixture } from '../../terminal/testing/dockerd';
import * as fileModule from '../file';
import { fakeGate, refusing } from '../testing/terminal';
import { loadTools } from '../testing/harness';

const skipReason = await dockerUnavailableReason();
if (skipReason) console.warn(`Skipping the file tools' docker test: ${skipReason}`);

let fixture: DockerFixture | undefined;
let terminal: TerminalService | undefined;

async function sh(command: string): Promise<string> {
  const result = await terminal?.run({ taskId: 'task-1', toolCallId: 'sh', command });
  if (result?.status !== 'completed') throw new Error('expected a foreground result');
  return result.output;
}

describe.skipIf(skipReason !== undefined)(
  'file tools in a docker container (real dockerd, busybox image)',
  () => {
    beforeAll(async () => {
      fixture = await startDockerd();
    });
    afterAll(async () => {
      await terminal?.shutdown();
      if (fixture) {
        const left = await fixture.docker.listContainers({ all: true, filters: { label: [MANAGED_LABEL] } });
        await fixture.stop();
        expect(left).toEqual([]);
      }
    });

    it('reads, writes, patches and searches inside the container, not on the host', async () => {
      if (!fixture) throw new Error('dockerd did not start');
      terminal = new TerminalService({
        config: {
          backend: 'docker',
          docker: { socketPath: fixture.socketPath, image: fixture.image, network: 'none' },
        },
      });
      const gate = fakeGate();
      const t = loadTools(fileModule, { terminal, commandGate: gate.gate });
      expect(await t.unavailable('write_file')).toBeUndefined();

      expect(await t.json('write_file', { path: 'work/notes.txt', content: 'alpha\nbeta\n' })).toEqual({
        path: '/root/work/notes.txt',
        bytes_written: 11,
        created: true,
      });
      expect(gate.checks.map((c) => c.command)).toEqual([`tee -- '/root/work/notes.txt'`]);
      await sh('cd work');
      expect(await t.json('read_file', { path: 'notes.txt' })).toMatchObject({
        content: '     1|alpha\n     2|beta',
        total_lines: 2,
      });
      expect(await t.json('patch', { path: 'notes.txt', old_string: 'beta', new_string: 'gamma' })).toEqual({
        path: '/root/work/notes.txt',
        replacements: 1,
      });
      const diff = '--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,3 @@\n alpha\n+between\n gamma\n';
      expect(await t.json('patch', { path: 'notes.txt', mode: 'diff', diff })).toMatchObject({
        hunks_applied: 1,
      });
      expect(await sh('cat /root/work/notes.txt')).toBe('alpha\nbetween\ngamma\n');

      await sh('chmod 750 /root/work/notes.txt');
      await t.json('write_file', { path: 'notes.txt', content: 'rewritten alpha\n' });
      expect(await sh('ls -l /root/work/notes.txt')).toMatch(/^-rwxr-x---/);

      expect(await t.json('search_files', { pattern: 'alph[a]', path: '/root' })).toEqual({
        matches: [{ path: 'notes.txt', line: 1, text: 'rewritten alpha' }],
        count: 1,
        engine: 'posix',
      });
      expect(
        await t.json('search_files', { pattern: '*.txt', target: 'files', path: '/root' }),
      ).toMatchObject({
        files: ['notes.txt'],
      });

      await sh("printf 'GIF\\000\\001' > /root/image.gif");
      expect(JSON.parse(await t.call('read_file', { path: '/root/image.gif' })).error).toMatch(
        /binary file \(5 bytes\)/,
      );

      gate.decide = refusing(/forbidden/);
      expect(await t.json('write_file', { path: '/root/forbidden/x', content: 'x' })).toMatchObject({
        approval: 'denied',
      });
      expect(await sh('test -e /root/forbidden && echo present || echo absent')).toBe('absent\n');
    });
  },
);
