import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { requests } from '../../src-shared/ipc/contract';
import { ConfigSchema } from '../config/schema';
import { ConfigStore } from '../config/store';
import { newRuntime, spec } from '../runtime/testing/fixtures';
import { listToolsets, setToolsetEnabled } from './toolsets';

describe('toolsets.list', () => {
  it('reports a partly available toolset as such, with each tool and its reason, in the contract shape', async () => {
    const { runtime } = newRuntime({
      browser: {
        kind: 'leaf',
        description: 'Browser',
        tools: ['browser_navigate', 'browser_vision'],
        includes: [],
      },
    });
    runtime.registry.register(spec('browser_navigate', 'browser'));
    runtime.registry.register(spec('browser_vision', 'browser', { checkFn: () => 'no vision model' }));
    const rows = await listToolsets(runtime, ConfigSchema.parse({}));
    const parsed = requests['toolsets.list'].output.parse(rows);
    expect(parsed).toEqual(rows);
    expect(parsed.find((r) => r.name === 'browser')).toMatchObject({
      availability: 'partial',
      available: true,
      toolsAvailable: 1,
      toolsTotal: 2,
      enabled: true,
      toolAvailability: [
        { name: 'browser_navigate', available: true },
        { name: 'browser_vision', available: false, reason: 'no vision model' },
      ],
      unavailable: { browser_vision: 'no vision model' },
    });
  });
});

describe('toolsets.setEnabled', () => {
  it('keeps the comments on the toolset lists it edits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'caduceus-toolsets-'));
    try {
      const file = join(dir, 'config.yaml');
      await writeFile(file, 'toolsets:\n  disabled: [browser] # too slow here\n');
      const { runtime } = newRuntime();
      runtime.registry.register(spec('web_search', 'web'));
      await setToolsetEnabled(new ConfigStore(file), runtime, 'web', false);
      const text = await readFile(file, 'utf8');
      expect(text).toContain('# too slow here');
      expect(parse(text).toolsets.disabled).toEqual(['browser', 'web']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
