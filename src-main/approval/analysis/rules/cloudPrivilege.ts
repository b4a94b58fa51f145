/**
 * Privilege in clusters and cloud accounts: pods that share the node's namespaces, run
 * privileged or mount the node's files; a shell on the node itself; admin rights, policies or
 * new credentials granted from the command line. Each reaches past what the user meant to touch.
 */
import type { Rule } from '../verdict';
import { AWS_VALUED, KUBECTL_VALUED } from './cloud';
import type { CommandView, DetectorTable, HitSink } from './types';
import { commandText, firstOperand, optionValues } from './types';

export const cloudPrivilegeRules: Rule[] = [
  {
    key: 'access-grant',
    category: 'privilege',
    description:
      'Grants rights or credentials in a cluster or cloud account (admin role bindings, IAM policies, access keys)',
  },
];

/** A pod spec that reaches the node: its namespaces, a privileged container, its files. */
const HOST_SPEC = /"host(?:PID|Network|IPC|Users)"\s*:\s*true|"privileged"\s*:\s*true|"hostPath"\s*:/;
const ADMIN_ROLES = new Set(['cluster-admin', 'admin', 'edit']);
const OC_GRANTS = new Set([
  'add-cluster-role-to-user',
  'add-cluster-role-to-group',
  'add-scc-to-user',
  'add-scc-to-group',
]);

/** The words of `args` that are not options or their values. */
function operandsOf(args: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') break;
    if (KUBECTL_VALUED.has(a)) i++;
    else if (!a.startsWith('-')) found.push(a);
  }
  return found;
}

function kubectlPrivilege(cmd: CommandView, out: HitSink): void {
  const first = firstOperand(cmd.args, KUBECTL_VALUED);
  if (!first) return;
  const verb = first.value;
  const rest = cmd.args.slice(first.index + 1);
  const operands = operandsOf(rest);
  const what = operands[0] ?? '';
  const overrides = optionValues(cmd.args, null, ['overrides']);
  if ((verb === 'run' || verb === 'debug') && overrides.some((o) => HOST_SPEC.test(o)))
    out.hit('container-host-access', `${commandText(cmd)} (a pod with the node's namespaces or files)`);
  const profile = optionValues(cmd.args, null, ['profile'])[0];
  if (verb === 'debug' && (operands.some((o) => /^nodes?\//.test(o)) || profile === 'sysadmin'))
    out.hit('container-host-access', `${commandText(cmd)} (a privileged shell on the node)`);
  const role = optionValues(cmd.args, null, ['clusterrole'])[0] ?? '';
  const groups = optionValues(cmd.args, null, ['group']);
  if (
    verb === 'create' &&
    (what === 'clusterrolebinding' || what === 'rolebinding') &&
    (ADMIN_ROLES.has(role) || groups.includes('system:masters'))
  )
    out.hit('access-grant', commandText(cmd));
  if (verb === 'adm' && what === 'policy' && OC_GRANTS.has(operands[1] ?? ''))
    out.hit('access-grant', commandText(cmd));
}

/** AWS IAM verbs that only read or check; every other IAM verb changes who may do what. */
const IAM_READS = /^(?:list|get|generate|simulate|wait|help)\b/;
const IAM_SERVICES = new Set(['iam', 'identitystore', 'sso-admin']);

function awsIam(cmd: CommandView, out: HitSink): void {
  const first = firstOperand(cmd.args, AWS_VALUED);
  if (!first || !IAM_SERVICES.has(first.value)) return;
  const op = cmd.args.slice(first.index + 1).find((a) => !a.startsWith('-')) ?? '';
  if (op !== '' && !IAM_READS.test(op)) out.hit('access-grant', commandText(cmd));
}

/**
 * gcloud's `add-iam-policy-binding` / `set-iam-policy` and new service-account keys; az's role
 * assignments and credential resets.
 */
function cloudGrant(cmd: CommandView, out: HitSink): void {
  const ops = cmd.args.filter((a) => !a.startsWith('-'));
  const has = (...words: string[]): boolean => words.every((w) => ops.includes(w));
  const grants =
    ops.some((o) => o === 'add-iam-policy-binding' || o === 'set-iam-policy') ||
    has('service-accounts', 'keys', 'create') ||
    has('role', 'assignment', 'create') ||
    has('credential', 'reset') ||
    has('credential', 'create');
  if (grants) out.hit('access-grant', commandText(cmd));
}

export const cloudPrivilegeDetectors: DetectorTable = [
  [['kubectl', 'oc', 'microk8s.kubectl'], kubectlPrivilege],
  [['aws'], awsIam],
  [['gcloud', 'az'], cloudGrant],
];
