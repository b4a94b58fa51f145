import { describe, expect, it } from 'vitest';
import { requests } from '../../src-shared/ipc/contract';
import { ConfigSchema } from '../config/schema';
import { newRuntime, spec } from '../runtime/testing/fixtures';
import { listToolsets } from './toolsets';

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
