import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingNode } from './nodeCheck.mjs';

describe('the Node version check', () => {
  it('names the version needed only when the running one is older', () => {
    expect(missingNode('20.20.2', '>=22.12.0')).toBe('22.12.0');
    expect(missingNode('22.11.9', '>=22.12.0')).toBe('22.12.0');
    expect(missingNode('22.12.0', '>=22.12.0')).toBeUndefined();
    expect(missingNode('22.13.0', '>=22.12.0')).toBeUndefined();
    expect(missingNode('24.0.0', '>=22.12.0')).toBeUndefined();
  });

  it('stops the caduceus command on an older Node with one line, before any session action', () => {
    // The running Node is made to report 20.1.0 before the entry point loads.
    const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.1.0'})`;
    const run = spawnSync(
      process.execPath,
      ['--import', pretend, join(import.meta.dirname, 'caduceus.mjs'), 'sessions', 'list'],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('Node 22.12.0 or newer is required; this is Node 20.1.0');
    expect(run.stdout).toBe('');
  });
});
