import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserPool } from './pool';

describe('BrowserPool.lookup', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('holds a lookup for a few seconds, then notices a browser installed since', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const dir = mkdtempSync(join(tmpdir(), 'browser-path-'));
    dirs.push(dir);
    const pool = new BrowserPool({ env: { PATH: dir } });
    expect(pool.lookup()).toHaveProperty('reason');
    const chromium = join(dir, 'chromium');
    writeFileSync(chromium, '#!/bin/sh\n');
    chmodSync(chromium, 0o755);
    vi.advanceTimersByTime(1_000);
    expect(pool.lookup()).toHaveProperty('reason');
    vi.advanceTimersByTime(5_000);
    expect(pool.lookup()).toEqual({ path: chromium });
  });
});
