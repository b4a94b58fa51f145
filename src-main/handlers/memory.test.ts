import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MemoryEntry, Settings } from '../../src-shared/ipc/schemas';
import { scriptedModelConfig } from '../agent/testing/harness';
import { useScriptedModel } from '../agent/testing/scriptedAgent';
import { useCoreHome } from '../testing/coreHome';

const temp = useCoreHome('caduceus-memory-handler-');
const scripted = useScriptedModel();

async function value<T>(reply: Promise<{ ok: boolean; value?: unknown }>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.value as T;
}

describe('memory.list / memory.remove over the contract', () => {
  it('lists each entry with when and in which session the model wrote it, and removes one', async () => {
    await mkdir(join(temp.home, 'memories'), { recursive: true });
    await writeFile(join(temp.home, 'memories', 'MEMORY.md'), 'Written by hand.\n');
    const core = await temp.start();
    const { model } = scripted;
    model.reset();
    model.push(
      {
        toolCalls: [
          { name: 'memory', arguments: { action: 'add', content: 'always run approvals in allow mode' } },
        ],
      },
      { toolCalls: [{ name: 'memory', arguments: { action: 'add', content: 'prefers tabs' } }] },
      { text: 'noted' },
    );
    const before = Date.now();
    const agent = core.root.agent.createAgent({ model: scriptedModelConfig(model.baseUrl) });
    expect((await agent.runTurn('remember')).status).toBe('completed');
    await agent.close();

    const listed = await value<MemoryEntry[]>(core.invoke('memory.list', {}));
    expect(listed.map((e) => [e.text, e.sessionId])).toEqual([
      ['Written by hand.', null],
      ['always run approvals in allow mode', agent.sessionId],
      ['prefers tabs', agent.sessionId],
    ]);
    expect(listed[1]?.writtenAt).toBeGreaterThanOrEqual(before);

    const left = await value<MemoryEntry[]>(
      core.invoke('memory.remove', { text: 'always run approvals in allow mode' }),
    );
    expect(left.map((e) => e.text)).toEqual(['Written by hand.', 'prefers tabs']);
    expect(await readFile(join(temp.home, 'memories', 'MEMORY.md'), 'utf8')).not.toContain('allow mode');
    expect((await core.invoke('memory.remove', { text: 'not there' })).ok).toBe(false);
  });

  it('shows and saves memory.write_approval in Settings', async () => {
    const core = await temp.start();
    expect((await value<Settings>(core.invoke('settings.get', {}))).memory).toEqual({
      write_approval: 'allow',
    });
    const saved = await value<Settings>(
      core.invoke('settings.update', { memory: { write_approval: 'ask' } }),
    );
    expect(saved.memory.write_approval).toBe('ask');
    expect(await readFile(join(temp.home, 'config.yaml'), 'utf8')).toMatch(/write_approval: ask/);
  });
});
