/**
 * Vitest setup: every test file runs with a HOME of its own. The machine's rc files cannot slow
 * a shell down (an interactive bash reading ~/.bashrc), nothing lands in the real home, and the
 * sandbox's placeholders for absent rc files (made and removed by each process) cannot race
 * another test process's. Nor do tests reach the session's keychain: a test that wants one
 * starts its own (config/testing/secretService.ts). The sandbox's folder of the process goes with
 * the file too: vitest ends its workers without Node's exit event.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { removeProcessFolder } from '../sandbox/processFolder';

// Inside the run's folder (testHomes.ts), which goes at the end even if this file's hooks never run.
const home = mkdtempSync(join(inject('testHomes') ?? tmpdir(), 'caduceus-test-home-'));
process.env.HOME = home;
delete process.env.DBUS_SESSION_BUS_ADDRESS;
afterAll(async () => {
  rmSync(home, { recursive: true, force: true });
  await removeProcessFolder();
});
