import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { relayLauncher } from './loopbackRelay';
import { processFolder, removeProcessFolder } from './processFolder';

describe('the relay launcher', () => {
  it('is written again in the new folder once the process folder was removed', async () => {
    const first = relayLauncher('/usr/bin/socat');
    expect(first).toBeDefined();
    expect(relayLauncher('/usr/bin/socat')).toBe(first);
    await removeProcessFolder();
    const second = relayLauncher('/usr/bin/socat');
    expect(second).not.toBe(first);
    expect(second?.startsWith(processFolder())).toBe(true);
    expect(existsSync(second ?? '')).toBe(true);
  });
});
