/** Containers, clusters and clouds: prunes, mass deletes, destroyed infrastructure and buckets. */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { firstOperand, hasFlag, splitOptions } from './types';

export const cloudRules: Rule[] = [
  {
    key: 'docker-prune',
    category: 'cloud',
    description: 'Prunes containers, images, volumes or networks (docker … prune)',
  },
  {
    key: 'docker-remove-all',
    category: 'cloud',
    description: 'Removes or stops every container or image (docker rm -f $(docker ps -aq))',
  },
  { key: 'docker-volume-delete', category: 'cloud', description: 'Deletes container volumes and their data' },
  {
    key: 'kubectl-delete-all',
    category: 'cloud',
    description: 'Deletes all resources or whole namespaces in a cluster',
  },
  {
    key: 'kubectl-delete',
    category: 'cloud',
    description: 'Deletes cluster resources (kubectl delete, helm uninstall)',
  },
  {
    key: 'infra-destroy',
    category: 'cloud',
    description: 'Destroys provisioned infrastructure (terraform/tofu/pulumi/cdk destroy)',
  },
  {
    key: 'cloud-storage-delete',
    category: 'cloud',
    description: 'Deletes cloud storage buckets or objects in bulk',
  },
  { key: 'cloud-resource-delete', category: 'cloud', description: 'Deletes or terminates cloud resources' },
];

const DOCKER_NAMES = ['docker', 'podman', 'nerdctl'];
const DOCKER_VALUED = new Set([
  '-H',
  '--host',
  '--context',
  '-c',
  '--config',
  '-l',
  '--log-level',
  '--tlscacert',
  '--tlscert',
  '--tlskey',
  '--url',
  '--connection',
]);
const PRUNABLE = new Set(['system', 'volume', 'image', 'container', 'network', 'builder', 'buildx']);
const REMOVERS = new Set(['rm', 'rmi', 'kill', 'stop']);

function docker(cmd: CommandView, out: HitSink): void {
  const first = firstOperand(cmd.args, DOCKER_VALUED);
  if (!first) return;
  const rest = cmd.args.slice(first.index + 1);
  const restWords = cmd.words.slice(first.index + 1);
  const sub = first.value;
  const verb = rest.find((a) => !a.startsWith('-'));
  const text = `${cmd.name} ${cmd.args.join(' ')}`;
  // Dangling images and the build cache come back with the next build: only `-a` reaches tagged images.
  const cacheOnly =
    (sub === 'image' && !hasFlag(rest, 'a', ['all'])) || sub === 'builder' || sub === 'buildx';
  if (PRUNABLE.has(sub) && verb === 'prune' && !cacheOnly) out.hit('docker-prune', text);
  if (sub === 'volume' && (verb === 'rm' || verb === 'remove')) out.hit('docker-volume-delete', text);
  if (sub === 'compose' && verb === 'down' && hasFlag(rest, 'v', ['volumes']))
    out.hit('docker-volume-delete', text);
  const removing =
    REMOVERS.has(sub) ||
    ((sub === 'container' || sub === 'image') && verb !== undefined && REMOVERS.has(verb));
  if (removing && restWords.some((w) => w.runs.some((r) => DOCKER_NAMES.includes(r))))
    out.hit('docker-remove-all', text);
}

function dockerCompose(cmd: CommandView, out: HitSink): void {
  if (cmd.args.includes('down') && hasFlag(cmd.args, 'v', ['volumes']))
    out.hit('docker-volume-delete', `${cmd.name} ${cmd.args.join(' ')}`);
}

/** Options of kubectl that take a value, so the operand after them is not a subcommand. */
export const KUBECTL_VALUED = new Set([
  '-n',
  '--namespace',
  '--context',
  '--cluster',
  '--user',
  '-s',
  '--server',
  '--kubeconfig',
  '--token',
  '--as',
]);
const NAMESPACE = /^(?:ns|namespaces?)(?:\/|$)/;

function kubectl(cmd: CommandView, out: HitSink): void {
  const first = firstOperand(cmd.args, KUBECTL_VALUED);
  if (first?.value !== 'delete') return;
  const rest = cmd.args.slice(first.index + 1);
  const { operands } = splitOptions(rest);
  const text = `${cmd.name} ${cmd.args.join(' ')}`;
  const all =
    hasFlag(rest, 'A', ['all', 'all-namespaces']) ||
    operands.some((o) => NAMESPACE.test(o) || o.split(',').some((r) => NAMESPACE.test(r)));
  out.hit(all ? 'kubectl-delete-all' : 'kubectl-delete', text);
}

function helm(cmd: CommandView, out: HitSink): void {
  const verb = firstOperand(cmd.args, KUBECTL_VALUED)?.value;
  if (verb === 'uninstall' || verb === 'delete' || verb === 'del' || verb === 'un')
    out.hit('kubectl-delete', `helm ${cmd.args.join(' ')}`);
  // Like `kubectl rollout undo`: the live release goes back to an older one.
  else if (verb === 'rollback' && !cmd.args.includes('--dry-run'))
    out.hit('deploy-live', `helm ${cmd.args.join(' ')}`);
}

function infra(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  const destroy =
    operands.includes('destroy') ||
    (operands.includes('apply') && options.some((o) => o === '-destroy' || o === '--destroy'));
  const remove =
    (['serverless', 'sls', 'sst'].includes(cmd.name) && operands[0] === 'remove') ||
    (cmd.name === 'sam' && operands[0] === 'delete') ||
    // `terraform state rm|push`: what the state tracks (and so what the next apply keeps) changes by hand.
    (operands[0] === 'state' && (operands[1] === 'rm' || operands[1] === 'push'));
  const pulumiDown = cmd.name === 'pulumi' && operands[0] === 'down';
  if (destroy || remove || pulumiDown) out.hit('infra-destroy', `${cmd.name} ${cmd.args.join(' ')}`);
}

/** Options of the aws command that take a value, so the operand after them is not a service. */
export const AWS_VALUED = new Set([
  '--profile',
  '--region',
  '--output',
  '--endpoint-url',
  '--query',
  '--color',
  '--ca-bundle',
  '--cli-read-timeout',
  '--cli-connect-timeout',
]);
const DELETE_OP = /^(?:delete|terminate|remove|deregister|destroy|purge)-/;

function aws(cmd: CommandView, out: HitSink): void {
  const first = firstOperand(cmd.args, AWS_VALUED);
  if (!first) return;
  const rest = cmd.args.slice(first.index + 1);
  const op = rest.find((a) => !a.startsWith('-')) ?? '';
  const text = `aws ${cmd.args.join(' ')}`;
  if (first.value === 's3') {
    if (
      (op === 'rm' && rest.includes('--recursive')) ||
      op === 'rb' ||
      (op === 'sync' && rest.includes('--delete'))
    )
      out.hit('cloud-storage-delete', text);
  } else if (first.value === 's3api' && /^delete-(?:bucket|objects)/.test(op))
    out.hit('cloud-storage-delete', text);
  else if (DELETE_OP.test(op)) out.hit('cloud-resource-delete', text);
}

function gsutil(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  const sub = operands[0];
  const text = `gsutil ${cmd.args.join(' ')}`;
  if (
    sub === 'rb' ||
    (sub === 'rm' && hasFlag(options, 'rRa', ['recursive'])) ||
    (sub === 'rsync' && hasFlag(options, 'd', ['delete']))
  )
    out.hit('cloud-storage-delete', text);
}

/** gcloud, az, doctl, heroku, firebase, …: a `delete`/`destroy` verb anywhere in the command path. */
function cloudCli(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  const text = `${cmd.name} ${cmd.args.join(' ')}`;
  const storage = operands.includes('storage') || operands.includes('buckets');
  if (storage && operands.includes('rm') && hasFlag(options, 'r', ['recursive']))
    out.hit('cloud-storage-delete', text);
  else if (
    operands.some(
      (o) => o === 'delete' || o === 'destroy' || o === 'delete-batch' || /^apps:destroy$|:delete$/.test(o),
    ) ||
    // `supabase db reset --linked`: the hosted database is emptied (without it, the local one).
    (cmd.name === 'supabase' &&
      operands[0] === 'db' &&
      operands[1] === 'reset' &&
      cmd.args.some((a) => a === '--linked' || a.startsWith('--db-url')))
  ) {
    out.hit(storage ? 'cloud-storage-delete' : 'cloud-resource-delete', text);
  }
}

/** Object-store tools' verbs that delete: buckets removed, or objects removed in bulk. */
function objectStore(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  const verb = operands[0] ?? '';
  const recursive = hasFlag(options, 'r', ['recursive']);
  const deletes =
    (cmd.name === 's3cmd' &&
      (verb === 'rb' || ((verb === 'del' || verb === 'rm') && recursive) || verb === 'deleteall')) ||
    (cmd.name === 'rclone' && (verb === 'purge' || verb === 'delete' || verb === 'rmdirs')) ||
    (cmd.name === 'mc' && (verb === 'rb' || (verb === 'rm' && recursive)));
  if (deletes) out.hit('cloud-storage-delete', `${cmd.name} ${cmd.args.join(' ')}`);
}

/** Command lines of hosted services whose `delete`/`destroy` verbs remove what they host. */
const SERVICE_CLIS = [
  'gcloud',
  'az',
  'doctl',
  'heroku',
  'fly',
  'flyctl',
  'firebase',
  'stripe',
  'influx',
  'netlify',
  'supabase',
  'hcloud',
  'linode-cli',
  'openstack',
  'eksctl',
  'wrangler',
  'pscale',
  'turso',
  'neonctl',
  'atlas',
  'scw',
  'oci',
  'ibmcloud',
  'civo',
  'vultr-cli',
  'exo',
  'upctl',
];

export const cloudDetectors: DetectorTable = [
  [DOCKER_NAMES, docker],
  [['docker-compose', 'podman-compose'], dockerCompose],
  [['kubectl', 'oc', 'microk8s.kubectl'], kubectl],
  [['helm'], helm],
  [['terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk', 'cdktf', 'serverless', 'sls', 'sst', 'sam'], infra],
  [['aws'], aws],
  [['gsutil'], gsutil],
  [SERVICE_CLIS, cloudCli],
  [['s3cmd', 'rclone', 'mc'], objectStore],
];
