/**
 * Vitest global setup: one folder for the run that every test file's own HOME is made in
 * (ownHome.ts), removed when the run ends. A file whose tests are all skipped runs none of its
 * hooks, so its HOME outlives it; here it goes with the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    testHomes: string;
  }
}

export default function setup(project: TestProject): () => void {
  const homes = mkdtempSync(join(tmpdir(), 'caduceus-test-homes-'));
  project.provide('testHomes', homes);
  return () => rmSync(homes, { recursive: true, force: true });
}
