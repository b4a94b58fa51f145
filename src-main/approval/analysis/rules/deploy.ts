/**
 * Publishing by other routes than a package registry: hosting CLIs that put the project live
 * (vercel --prod, netlify deploy, firebase deploy, fly deploy, wrangler deploy) and image tools
 * that copy an image into a remote registry (skopeo copy, crane push, oras push), and DELETE
 * requests to a service on another machine.
 */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { optionValues, splitOptions } from './types';

export const deployRules: Rule[] = [
  {
    key: 'deploy-live',
    category: 'publishing',
    description:
      'Deploys to hosting others reach, or takes a deployment down (vercel --prod, firebase deploy)',
  },
  {
    key: 'remote-api-delete',
    category: 'publishing',
    description: 'Sends a DELETE request to a service on another machine',
  },
];

const LOOPBACK_URL = /^(?:https?:\/\/)?(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(?:[:/]|$)/i;

/** curl's `-X M`, `-XM`, `-sX M` or `--request M`. */
function curlMethod(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') break;
    const m = /^-[A-Za-z]*X(.*)$/.exec(a);
    if (m) return m[1] || (args[i + 1] ?? '');
  }
  return optionValues(args, null, ['request'])[0] ?? '';
}

/** `curl -X DELETE https://api…`, `http DELETE api…/x`, `wget --method=DELETE …`: not on this machine. */
function httpDelete(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  const method =
    cmd.name === 'curl'
      ? curlMethod(cmd.args)
      : cmd.name === 'wget'
        ? (optionValues(cmd.args, null, ['method'])[0] ?? '')
        : (operands[0] ?? '');
  if (method.toUpperCase() !== 'DELETE' || options.includes('--help')) return;
  const urls = operands.filter((o) => /^(?:https?:\/\/)?[\w.-]+\.[a-z]{2,}(?:[:/]|$)|^https?:\/\//i.test(o));
  const remote = urls.find((u) => !LOOPBACK_URL.test(u));
  if (remote) out.hit('remote-api-delete', `${cmd.name} DELETE ${remote}`);
}

/** Subcommands that deploy or remove a deployment; `*` when the bare command deploys. */
const DEPLOY_VERBS = new Map<string, readonly string[]>(
  Object.entries({
    vercel: ['deploy', 'redeploy', 'promote', 'rollback', 'remove', 'rm'],
    netlify: ['deploy'],
    firebase: ['deploy', 'hosting:channel:deploy', 'hosting:disable'],
    fly: ['deploy', 'launch'],
    flyctl: ['deploy', 'launch'],
    wrangler: ['deploy', 'publish', 'delete', 'rollback'],
    serverless: ['deploy', 'remove'],
    sls: ['deploy', 'remove'],
    amplify: ['publish', 'push', 'delete'],
    railway: ['up', 'down', 'redeploy'],
    eb: ['deploy', 'terminate'],
    surge: ['*', 'teardown'],
  }),
);
/** Subcommands of the bare-deploying CLIs that do not deploy. */
const NOT_DEPLOY = new Set(['login', 'logout', 'whoami', 'list', 'ls', 'help', 'dev', 'env', 'link', 'pull']);
/** `gcloud app deploy`, `wrangler pages deploy`: the verb follows an area word. */
const AREA_DEPLOY = /^(?:app|run|functions|pages|hosting)$/;

function deployCli(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  if (options.some((o) => o === '--help' || o === '-h' || o === '--version' || o === '--dry-run')) return;
  const verbs = DEPLOY_VERBS.get(cmd.name) ?? [];
  const [first = '', second = ''] = operands;
  const deploys =
    verbs.includes(first) ||
    (AREA_DEPLOY.test(first) && verbs.includes(second)) ||
    // `vercel --prod`, `vercel ./dist --prod`: production is what others reach.
    (cmd.name === 'vercel' && options.some((o) => o === '--prod' || o === '--production')) ||
    (verbs.includes('*') && !NOT_DEPLOY.has(first));
  if (deploys) out.hit('deploy-live', `${cmd.name} ${cmd.args.join(' ')}`.trim());
}

function gcloud(cmd: CommandView, out: HitSink): void {
  const [area = '', verb = ''] = splitOptions(cmd.args).operands;
  if (AREA_DEPLOY.test(area) && verb === 'deploy') out.hit('deploy-live', `gcloud ${cmd.args.join(' ')}`);
}

const LOCAL_REGISTRY = /^(?:docker:\/\/)?(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])(?::\d+)?\//;
/** Transports that stay on this machine. */
const LOCAL_TRANSPORT = /^(?:dir|oci|oci-archive|docker-archive|docker-daemon|containers-storage):/;

/** `skopeo copy SRC DST`, `crane push TAR REF`, `oras push REF`: the last operand is the destination. */
function imageCopy(cmd: CommandView, out: HitSink): void {
  const operands = splitOptions(cmd.args).operands;
  const verb = operands[0] ?? '';
  const copies =
    cmd.name === 'skopeo'
      ? verb === 'copy' || verb === 'sync' || verb === 'delete'
      : cmd.name === 'crane'
        ? ['push', 'copy', 'cp', 'append', 'mutate', 'tag', 'delete', 'rebase'].includes(verb)
        : ['push', 'copy', 'cp', 'tag', 'manifest'].includes(verb);
  const dest = operands[operands.length - 1] ?? '';
  if (!copies || operands.length < 2 || LOCAL_REGISTRY.test(dest) || LOCAL_TRANSPORT.test(dest)) return;
  // `skopeo delete REF`, `crane delete REF`: the image is gone for everyone who pulls it.
  out.hit(verb === 'delete' ? 'package-withdraw' : 'package-publish', `${cmd.name} ${cmd.args.join(' ')}`);
}

export const deployDetectors: DetectorTable = [
  [[...DEPLOY_VERBS.keys()], deployCli],
  [['gcloud'], gcloud],
  [['skopeo', 'crane', 'oras', 'regctl'], imageCopy],
  [['curl', 'wget', 'http', 'https', 'xh'], httpDelete],
];
