// Runs electronegativity over the built Electron app and fails on any HIGH or MEDIUM finding
// that is not a reviewed one (security/electronegativity-reviewed.json says why each is fine).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const stage = mkdtempSync(join(tmpdir(), 'caduceus-scan-'));
try {
  // The scanner reads .js and .html only, so the bundles are staged under those names.
  mkdirSync(join(stage, 'electron'));
  copyFileSync('dist/electron/main.mjs', join(stage, 'electron', 'main.js'));
  copyFileSync('dist/electron/preload.cjs', join(stage, 'electron', 'preload.js'));
  copyFileSync('dist/renderer/index.html', join(stage, 'index.html'));
  copyFileSync('package.json', join(stage, 'package.json'));
  const report = join(stage, 'report.csv');
  // The security-fixes check downloads Electron's release list; this scan stays offline, and the
  // Electron version is pinned in package.json.
  const args = ['-i', stage, '-o', report, '-v', 'false', '-x', 'AvailableSecurityFixesGlobalCheck'];
  const run = spawnSync('npx', ['electronegativity', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`electronegativity failed: ${run.stderr || run.stdout}`);
  const reviewed = JSON.parse(readFileSync('security/electronegativity-reviewed.json', 'utf8'));
  const rows = parseCsv(readFileSync(report, 'utf8')).slice(1);
  const findings = rows.map(([check, severity, confidence, file, location, , description]) => ({
    check,
    severity,
    confidence,
    where: `${file}:${location}`,
    description,
  }));
  const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
  const open = serious.filter((f) => !reviewed[f.check]);
  for (const f of findings) {
    const note = reviewed[f.check] ? ' (reviewed)' : '';
    console.log(
      `electronegativity: ${f.severity} ${f.confidence} ${f.check}${note} ${f.where}: ${f.description}`,
    );
  }
  if (open.length > 0) {
    console.error(
      `electronegativity: ${open.length} HIGH/MEDIUM finding(s) need fixing or a reviewed reason.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`electronegativity: no unreviewed HIGH or MEDIUM findings (${findings.length} in all).`);
  }
} finally {
  if (!process.env.KEEP_SCAN) rmSync(stage, { recursive: true, force: true });
}

/** RFC 4180-style: quoted fields may hold commas, quotes and newlines. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field.trim());
      field = '';
    } else if (c === '\n') {
      row.push(field.trim());
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field.trim());
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}
