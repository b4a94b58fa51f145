// `npm run package:check`: packages the app for Linux (`dir`, no installer) against a stub
// Electron folder, since the real binary may not be downloadable, then checks the app.asar it
// produced. Fuses need the real binary, so only this check packs with a config copy without them.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { openArchive } from './packaging/archive';
import { checkArchive } from './packaging/asarCheck';

const root = resolve(import.meta.dirname, '..');
const work = join(root, 'out', 'package-check');
const started = Date.now();
const keep = process.argv.includes('--keep');

rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'electron-stub'), { recursive: true });
try {
  const stub = join(work, 'electron-stub', 'electron');
  writeFileSync(stub, '#!/bin/sh\nexit 0\n');
  chmodSync(stub, 0o755);
  const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
  delete config.electronFuses;
  config.directories = { ...(config.directories as object), output: join(work, 'dist') };
  const configPath = join(work, 'electron-builder.json');
  writeFileSync(configPath, JSON.stringify(config, null, 2));

  const builder = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'electron-builder', 'cli.js'),
      '--linux',
      'dir',
      '--x64',
      '--config',
      configPath,
      `-c.electronDist=${join(work, 'electron-stub')}`,
      '-c.electronVersion=45.5.0',
      '-c.npmRebuild=false',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
  );
  if (builder.status !== 0) {
    process.stderr.write(builder.stdout + builder.stderr);
    throw new Error(`electron-builder exited with ${builder.status ?? builder.signal}`);
  }
  const asarPath = join(work, 'dist', 'linux-unpacked', 'resources', 'app.asar');
  const archive = openArchive(asarPath);
  const problems = checkArchive(archive);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    console.error(`package:check: ${problems.length} problem(s) in ${asarPath}:`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
  } else
    console.log(
      `package:check: app.asar holds ${archive.files.size} files, all needed ones, in ${seconds} s`,
    );
} catch (error) {
  console.error(`package:check: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}
