import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolOk } from '../../runtime/outcome';
import { TerminalService } from '../../terminal/service';
import { settleProcesses } from '../../terminal/testing/procs';
import { sshdUnavailableReason, startSshd, type SshdFixture } from '../../terminal/testing/sshd';
import * as codeModule from '../codeExecution';
import { fakeGate, MARK } from '../testing/terminal';
import { loadTools } from '../testing/harness';

const skipReason = await sshdUnavailableReason();
if (skipReason) console.warn(`Skipping execute_code's ssh test: ${skipReason}`);

let fixture: SshdFixture | undefined;
let terminal: TerminalService | undefined;
const mark = randomBytes(6).toString('hex');

describe.skipIf(skipReason !== undefined)('execute_code over ssh (real sshd)', () => {
  beforeAll(async () => {
    fixture = await startSshd();
  });
  afterAll(async () => {
    await terminal?.shutdown();
    await fixture?.stop();
    expect(await settleProcesses(MARK, mark)).toEqual([]);
  });

  it('runs the script remotely without tool access, and says so', async () => {
    if (!fixture) throw new Error('sshd did not start');
    const { host, port, username, privateKeyPath, knownHostsPath } = fixture;
    terminal = new TerminalService({
      config: {
        backend: 'ssh',
        ssh: { host, port, username, privateKeyPath, knownHostsPath },
        env: { [MARK]: mark },
      },
    });
    const t = loadTools(codeModule, {
      terminal,
      commandGate: fakeGate().gate,
      dispatchTool: async () => toolOk('unused'),
    });
    // Scripts may call what the registry marks callable: a file reader stands for the real one.
    t.runtime.registry.register({
      name: 'read_file',
      toolset: 'file',
      schema: {
        name: 'read_file',
        description: 'Reads a file.',
        parameters: { type: 'object', properties: {} },
      },
      handler: async () => 'unused',
      fromScripts: {},
    });
    const code = [
      'console.log(__dirname);',
      'tools.read_file({ path: "x" }).catch((error) => console.log(error.message));',
    ].join('\n');
    const result = await t.json<{ output: string; note: string; tool_calls: number }>('execute_code', {
      language: 'node',
      code,
    });
    const reason =
      "The script ran without tool access: the ssh backend cannot reach Caduceus's tool channel.";
    expect(result).toMatchObject({ exit_code: 0, tool_calls: 0, note: reason });
    const [scratch, message] = result.output.split('\n');
    expect(message).toBe(reason);
    expect(scratch).toMatch(/^\/tmp\/caduceus-code-[0-9a-f]+$/);
    expect(existsSync(scratch ?? '/')).toBe(false);
  });
});
