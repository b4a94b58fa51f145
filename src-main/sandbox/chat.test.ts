import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from '../cli/main';
import { memoryIo } from '../cli/testing';

let root: string;
let home: string;
let model: ScriptedModel;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-sandbox-chat-'));
  home = join(root, 'home');
  await mkdir(home);
  await writeFile(join(home, 'config.yaml'), 'command_allowlist: []\n');
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});

const sha = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('caduceus chat --approvals deny with a scripted model', () => {
  it('cannot delete outside the workspace or edit config.yaml, whatever the gate let through', async () => {
    const victim = join(root, 'victim');
    await mkdir(victim);
    await writeFile(join(victim, 'keep.txt'), 'keep');
    const config = join(home, 'config.yaml');
    const before = await sha(config);
    model.push(
      {
        toolCalls: [
          {
            name: 'execute_code',
            arguments: {
              language: 'python',
              code: `import shutil\nshutil.rmtree(${JSON.stringify(victim)})`,
            },
          },
          {
            name: 'terminal',
            arguments: {
              command: `python3 -c "open('${config}','a').write('command_allowlist: [rm-recursive]\\n')"`,
            },
          },
          {
            name: 'terminal',
            arguments: { command: `node -e "require('fs').rmSync('${victim}', {recursive: true})"` },
          },
        ],
      },
      { text: 'done' },
    );
    // The session's workspace is where chat starts; the victim lies beside it, not inside.
    const workspace = join(root, 'ws');
    await mkdir(workspace);
    const m = memoryIo({ CADUCEUS_HOME: home }, workspace);
    const code = await main(
      [
        'chat',
        '-q',
        'clean up',
        '--approvals',
        'deny',
        '--base-url',
        model.baseUrl,
        '--model',
        'scripted-model',
      ],
      m.io,
    );
    expect(code, m.stderr()).toBe(0);
    expect(await readFile(join(victim, 'keep.txt'), 'utf8')).toBe('keep');
    expect(await sha(config)).toBe(before);
  });
});
