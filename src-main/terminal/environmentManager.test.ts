import { describe, expect, it } from 'vitest';
import { EnvironmentManager } from './environmentManager';
import type { TerminalBackend } from './types';

function fakeBackend(disposed: string[], key: string): TerminalBackend {
  return {
    kind: 'local',
    isAvailable: async () => ({ available: true }),
    exec: async () => ({ output: '', exitCode: 0, timedOut: false, cancelled: false, totalChars: 0 }),
    spawn: async () => {
      throw new Error('unused');
    },
    openShell: async () => {
      throw new Error('unused');
    },
    stateDir: async () => '/state',
    dispose: async () => {
      disposed.push(key);
    },
  };
}

function setup(running = new Set<string>()) {
  let now = 1_000;
  const disposed: string[] = [];
  const manager = new EnvironmentManager({
    createBackend: (key) => fakeBackend(disposed, key),
    idleTimeoutMs: 60_000,
    cwd: '/start',
    now: () => now,
    hasRunningProcesses: (key) => running.has(key),
  });
  return { manager, disposed, advance: (ms: number) => (now += ms) };
}

describe('EnvironmentManager', () => {
  it('gives each task its own environment and reuses it', () => {
    const { manager } = setup();
    const a = manager.get('a');
    expect(manager.get('a')).toBe(a);
    expect(manager.get('b')).not.toBe(a);
  });

  it('lets sub-agents share their parent environment unless they get their own', () => {
    const { manager } = setup();
    manager.registerTask('child', { parentTaskId: 'parent' });
    manager.registerTask('grandchild', { parentTaskId: 'child' });
    manager.registerTask('loner', { parentTaskId: 'parent', ownEnvironment: true });
    expect(manager.get('grandchild')).toBe(manager.get('parent'));
    expect(manager.get('loner')).not.toBe(manager.get('parent'));
    manager.registerTask('x', { parentTaskId: 'y' });
    manager.registerTask('y', { parentTaskId: 'x' });
    expect(['x', 'y']).toContain(manager.keyFor('x'));
  });

  it('starts in the configured cwd, or the per-task override', async () => {
    const { manager } = setup();
    expect(await manager.get('a').script('true')).toContain("cd '/start' || exit 1");
    manager.setCwdOverride('b', '/elsewhere');
    expect(await manager.get('b').script('true')).toContain("cd '/elsewhere' || exit 1");
    // Later calls follow the command's own cd, back to the start directory only without a snapshot.
    const later = await manager.get('b').script('true');
    expect(later).not.toContain("cd '/elsewhere' || exit 1");
    expect(later).toContain("|| cd '/elsewhere' 2>/dev/null");
    manager.setCwdOverride('b', '/again');
    expect(await manager.get('b').script('true')).toContain("cd '/again' || exit 1");
  });

  it('cleans up idle environments but keeps busy ones and those with running processes', async () => {
    const running = new Set<string>();
    const { manager, disposed, advance } = setup(running);
    manager.get('idle');
    manager.get('busy').active++;
    manager.get('serving');
    running.add('serving');
    advance(30_000);
    expect(await manager.sweep()).toEqual([]);
    advance(30_001);
    expect(await manager.sweep()).toEqual(['idle']);
    expect(disposed).toEqual(['idle']);
    expect(manager.peek('busy')).toBeDefined();
    expect(manager.peek('serving')).toBeDefined();
    running.delete('serving');
    expect(await manager.sweep()).toEqual(['serving']);
  });

  it('counts use as activity', async () => {
    const { manager, advance } = setup();
    manager.get('a');
    advance(59_000);
    manager.get('a');
    advance(59_000);
    expect(await manager.sweep()).toEqual([]);
  });
});
