import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

/*
 * Written before the rule: a pod given the node's namespaces or a privileged container, a shell
 * on the node itself, and cluster-wide admin rights granted from the command line all ask.
 */
const asks: Array<readonly [Expected, string]> = [
  ['ask', `kubectl run x --image=alpine --overrides='{"spec":{"hostPID":true}}'`],
  [
    'ask',
    `kubectl run x --image=alpine --overrides '{"spec":{"containers":[{"name":"x","image":"alpine","securityContext":{"privileged":true}}]}}'`,
  ],
  [
    'ask',
    `kubectl run x --image=alpine --overrides='{"spec":{"volumes":[{"name":"h","hostPath":{"path":"/"}}]}}'`,
  ],
  ['ask', 'kubectl debug node/worker-1 -it --image=busybox'],
  ['ask', 'kubectl debug --profile=sysadmin node/worker-1 -it --image=ubuntu'],
  ['ask', 'kubectl debug pod/api -it --image=busybox --profile=sysadmin'],
  [
    'ask',
    'kubectl create clusterrolebinding pwn --clusterrole=cluster-admin --serviceaccount=default:default',
  ],
  ['ask', 'kubectl create rolebinding own --clusterrole=admin --user=attacker -n prod'],
  ['ask', 'kubectl -n prod --context live create clusterrolebinding x --clusterrole=cluster-admin --user=me'],
  ['ask', 'oc adm policy add-cluster-role-to-user cluster-admin attacker'],
  ['ask', 'kubectl create rolebinding own --clusterrole admin --user attacker'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'kubectl run tmp --image=busybox --rm -it --restart=Never -- sh'],
  ['quiet', `kubectl run x --image=alpine --overrides='{"spec":{"nodeSelector":{"disk":"ssd"}}}'`],
  ['quiet', 'kubectl debug pod/api -it --image=busybox --target=api'],
  ['quiet', 'kubectl get clusterrolebindings -o wide'],
  ['quiet', 'kubectl create rolebinding readers --clusterrole=view --group=devs -n team'],
  ['quiet', 'kubectl create deployment web --image=nginx'],
];

describe('cluster privilege', () => {
  it('asks before host-level pods, node shells and cluster-admin grants', () => expectVerdicts(asks));
  it('keeps ordinary pods, debugging and read-only grants quiet', () => expectVerdicts(quiet));
});
