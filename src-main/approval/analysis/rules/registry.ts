/** Every rule by key, and the detectors that judge each command name. */
import type { Rule } from '../verdict';
import { cloudDetectors, cloudRules } from './cloud';
import { configDetectors, configRules } from './config';
import { diskDetectors, diskRules } from './disk';
import { filesystemDetectors, filesystemRules } from './filesystem';
import { filesDetectors, filesRules } from './files';
import { codeRules } from './code';
import { gitDetectors, gitRules } from './git';
import { remoteRules } from './remote';
import { servicesDetectors, servicesRules } from './services';
import { sqlDetectors, sqlRules } from './sql';
import type { CommandDetector, DetectorTable } from './types';
import { windowsDetectors, windowsRules } from './windows';
import { networkRules } from './network';
import { instructionRules } from './instructions';
import { workspaceRules } from './workspace';
import { publishingDetectors, publishingRules } from './publishing';
import { exfiltrationDetectors, exfiltrationRules } from './exfiltration';
import { persistenceDetectors, persistenceRules } from './persistence';
import { privilegeDetectors, privilegeRules } from './privilege';
import { cloudPrivilegeDetectors, cloudPrivilegeRules } from './cloudPrivilege';
import { hardlineDetectors, hardlineRules } from './hardline';
import { systemChangeDetectors, systemChangeRules } from './systemChanges';
import { volumeDetectors } from './volumes';
import { deployDetectors, deployRules } from './deploy';
import { firewallDetectors } from './firewall';
import { fileServerDetectors } from './fileServers';
import { rootRunDetectors, rootRunRules, rootUnknown } from './rootRuns';
import { packageSourceDetectors, packageSourceRules } from './packageSources';
import { processAttachDetectors, processAttachRules } from './processAttach';
import { networkScanDetectors, networkScanRules } from './networkScan';
import { loginSecretDetectors } from './loginSecrets';
import { projectUploadRules } from './projectUpload';
import { secretCopyDetectors, secretCopyRules } from './secretCopies';
import { emptiedFileDetectors, emptiedFileRules } from './emptiedFiles';
import { diskFillDetectors, diskFillRules } from './diskFill';
import { optionExecDetectors, optionExecRules } from './optionExec';
import { secretSearchDetectors } from './secretSearches';
import { otherCodeDetectors } from './otherCode';

/** Findings of the analysis itself rather than of one command. */
export const analysisRules: Rule[] = [
  {
    key: 'dynamic-command',
    category: 'analysis',
    description: 'Runs a command whose name or code is only known at run time',
  },
  {
    key: 'unparsed-command',
    category: 'analysis',
    description: 'Could not be parsed fully; judged by conservative pattern checks',
  },
  {
    key: 'nesting-too-deep',
    category: 'analysis',
    description: 'Nests shells or substitutions deeper than analysis follows',
  },
  {
    key: 'too-much-expansion',
    category: 'analysis',
    description: 'Expands aliases or nested shell code more often than analysis follows',
  },
];

export const ALL_RULES: readonly Rule[] = [
  ...filesystemRules,
  ...filesRules,
  ...codeRules,
  ...diskRules,
  ...sqlRules,
  ...configRules,
  ...servicesRules,
  ...remoteRules,
  ...gitRules,
  ...cloudRules,
  ...windowsRules,
  ...publishingRules,
  ...deployRules,
  ...exfiltrationRules,
  ...persistenceRules,
  ...privilegeRules,
  ...cloudPrivilegeRules,
  ...rootRunRules,
  ...packageSourceRules,
  ...processAttachRules,
  ...networkScanRules,
  ...projectUploadRules,
  ...secretCopyRules,
  ...emptiedFileRules,
  ...diskFillRules,
  ...optionExecRules,
  ...systemChangeRules,
  ...hardlineRules,
  ...analysisRules,
];

// Workspace, network and instruction rules are reported by tools, never found in a command's text.
const byKey = new Map(
  [...ALL_RULES, ...workspaceRules, ...networkRules, ...instructionRules].map((r) => [r.key, r]),
);

/** The rule of a key; a scoped rule's key names its scope after a colon (`fetch-local-host:nas.lan:80`). */
export function ruleFor(key: string): Rule | undefined {
  const exact = byKey.get(key);
  if (exact) return exact;
  const colon = key.indexOf(':');
  const rule = colon > 0 ? byKey.get(key.slice(0, colon)) : undefined;
  return rule?.scoped && colon < key.length - 1 ? rule : undefined;
}

const tables: DetectorTable[] = [
  filesystemDetectors,
  filesDetectors,
  diskDetectors,
  sqlDetectors,
  configDetectors,
  firewallDetectors,
  servicesDetectors,
  gitDetectors,
  cloudDetectors,
  windowsDetectors,
  publishingDetectors,
  deployDetectors,
  exfiltrationDetectors,
  fileServerDetectors,
  persistenceDetectors,
  privilegeDetectors,
  cloudPrivilegeDetectors,
  rootRunDetectors,
  packageSourceDetectors,
  processAttachDetectors,
  networkScanDetectors,
  loginSecretDetectors,
  secretCopyDetectors,
  secretSearchDetectors,
  emptiedFileDetectors,
  diskFillDetectors,
  optionExecDetectors,
  otherCodeDetectors,
  systemChangeDetectors,
  hardlineDetectors,
  volumeDetectors,
];
const byName = new Map<string, CommandDetector[]>();
for (const table of tables) {
  for (const [names, detect] of table) {
    for (const name of names) byName.set(name, [...(byName.get(name) ?? []), detect]);
  }
}

/** What judges a command no table names: only what it runs as may make it dangerous. */
const UNKNOWN_NAME: readonly CommandDetector[] = [rootUnknown];

export function detectorsFor(name: string): readonly CommandDetector[] {
  return byName.get(name) ?? UNKNOWN_NAME;
}

/** Names some rule cares about; the pattern fallback only looks closer at these. */
export function isWatchedName(name: string): boolean {
  return byName.has(name);
}
