/**
 * Publishing and remote state: releasing or withdrawing packages, images and releases, deleting
 * or exposing repositories, scaling clusters to nothing, applying infrastructure unreviewed.
 * What others download or depend on changes; nothing local can undo it.
 */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { commandText, firstOperand, hasFlag, optionValues, splitOptions } from './types';
import { KUBECTL_VALUED } from './cloud';

export const publishingRules: Rule[] = [
  {
    key: 'package-publish',
    category: 'publishing',
    description: 'Publishes a package, image or release to a registry others download from',
  },
  {
    key: 'package-withdraw',
    category: 'publishing',
    description: 'Withdraws or deprecates a published package (unpublish, yank, deprecate)',
  },
  {
    key: 'remote-repo-change',
    category: 'publishing',
    description:
      'Deletes, renames or exposes a hosted repository or its releases, changes its access, secrets or hooks, or merges past its protections',
  },
  {
    key: 'cluster-scale-down',
    category: 'publishing',
    description: 'Takes running workloads or nodes out of service (scale to 0, drain)',
  },
  {
    key: 'infra-apply-unreviewed',
    category: 'publishing',
    description: 'Changes live infrastructure without showing the plan first (-auto-approve, --yes)',
  },
];

function dryRun(args: readonly string[]): boolean {
  return args.some((a) => a === '--dry-run' || a === '--dryrun' || a === '--pretend');
}

const NPM_WITHDRAW = new Set(['unpublish', 'deprecate', 'undeprecate']);
const NPM_OWNERS = new Set(['owner', 'author', 'dist-tag', 'dist-tags', 'access', 'team']);
const NPM_OWNER_CHANGES = new Set(['rm', 'remove', 'add', 'set', 'grant', 'revoke', 'public', 'restricted']);

/** npm, pnpm, yarn (`yarn npm publish`), bun, lerna, changeset. */
function jsPackages(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  const verbs = cmd.name === 'yarn' && operands[0] === 'npm' ? operands.slice(1) : operands;
  const verb = verbs[0];
  if (verb === undefined || dryRun(cmd.args)) return;
  if (verb === 'publish' || (cmd.name === 'bun' && verb === 'publish'))
    out.hit('package-publish', commandText(cmd));
  else if (NPM_WITHDRAW.has(verb)) out.hit('package-withdraw', commandText(cmd));
  else if (NPM_OWNERS.has(verb) && NPM_OWNER_CHANGES.has(verbs[1] ?? ''))
    out.hit('package-withdraw', commandText(cmd));
}

/** Tools whose `publish`/`upload`/`push`/`release` verb sends a package to a registry. */
const PUBLISH_VERBS = new Map<string, readonly string[]>(
  Object.entries({
    cargo: ['publish'],
    pod: ['push'],
    swift: ['publish'],
    twine: ['upload'],
    poetry: ['publish'],
    uv: ['publish'],
    flit: ['publish'],
    hatch: ['publish'],
    pdm: ['publish'],
    gem: ['push'],
    vsce: ['publish'],
    ovsx: ['publish'],
    dart: ['publish'],
    flutter: ['publish'],
    helm: ['push'],
    anaconda: ['upload'],
    snapcraft: ['upload', 'release', 'push'],
    goreleaser: ['release'],
    lerna: ['publish'],
    changeset: ['publish'],
    nuget: ['push'],
    mix: ['hex.publish'],
    mvn: ['deploy', 'release:perform'],
    gradle: ['publish'],
    gradlew: ['publish'],
    jsr: ['publish'],
    deno: ['publish'],
    opam: ['publish'],
  }),
);
const WITHDRAW_VERBS = new Map<string, readonly string[]>(
  Object.entries({
    cargo: ['yank'],
    gem: ['yank'],
    vsce: ['unpublish'],
    dart: ['retract'],
    nuget: ['delete'],
    pod: ['delete', 'deprecate'],
  }),
);

function registryTool(cmd: CommandView, out: HitSink): void {
  if (dryRun(cmd.args)) return;
  const { operands } = splitOptions(cmd.args);
  // `dart pub publish`, `dotnet nuget push`, `swift package-registry publish`: the verb follows a tool word.
  const verbs =
    operands[0] === 'pub' ||
    operands[0] === 'nuget' ||
    operands[0] === 'package-registry' ||
    (cmd.name === 'pod' && operands[0] === 'trunk')
      ? operands.slice(1)
      : operands;
  const verb = verbs[0] ?? '';
  if (cmd.name === 'mvn' || cmd.name.startsWith('gradle')) {
    if (operands.some((o) => (PUBLISH_VERBS.get(cmd.name) ?? []).includes(o) || /^publish\w*$/.test(o)))
      out.hit('package-publish', commandText(cmd));
    return;
  }
  if ((PUBLISH_VERBS.get(cmd.name) ?? []).includes(verb)) out.hit('package-publish', commandText(cmd));
  else if ((WITHDRAW_VERBS.get(cmd.name) ?? []).includes(verb)) out.hit('package-withdraw', commandText(cmd));
  else if (
    (cmd.name === 'gem' || cmd.name === 'cargo') &&
    verb === 'owner' &&
    hasFlag(cmd.args, 'r', ['remove'])
  )
    out.hit('package-withdraw', commandText(cmd));
}

function dotnet(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  if (operands[0] === 'nuget') registryTool({ ...cmd, name: 'nuget', args: cmd.args.slice(1) }, out);
}

/** `python -m twine upload`, `python setup.py sdist upload`. */
function python(cmd: CommandView, out: HitSink): void {
  const m = optionValues(cmd.args, 'm', [])[0];
  const at = cmd.args.indexOf('-m');
  if (m && at >= 0 && PUBLISH_VERBS.get(m))
    registryTool({ ...cmd, name: m, args: cmd.args.slice(at + 2) }, out);
  if (cmd.args[0]?.endsWith('setup.py') && cmd.args.includes('upload'))
    out.hit('package-publish', commandText(cmd));
}

const DOCKER_VALUED = new Set(['-H', '--host', '--context', '-c', '--config', '-l', '--log-level']);

/** An image named on a registry of this machine (`localhost:5000/app`): nobody else downloads it. */
function localRegistry(image: string | undefined): boolean {
  return image !== undefined && /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?\//.test(image);
}

function containerPush(cmd: CommandView, out: HitSink): void {
  const first = firstOperand(cmd.args, DOCKER_VALUED);
  if (!first) return;
  const rest = cmd.args.slice(first.index + 1);
  const verb = rest.find((a) => !a.startsWith('-'));
  const push =
    (first.value === 'push' && !localRegistry(verb)) ||
    (first.value === 'compose' && verb === 'push') ||
    ((first.value === 'image' || first.value === 'manifest') && verb === 'push') ||
    ((first.value === 'build' || first.value === 'buildx') &&
      rest.some((a) => a === '--push' || /^--output=.*push=true/.test(a)));
  if (push) out.hit('package-publish', commandText(cmd));
}

const GH_DESTRUCTIVE = new Map<string, readonly string[]>(
  Object.entries({
    repo: ['delete', 'archive', 'rename', 'transfer'],
    release: ['delete', 'delete-asset'],
    secret: ['delete', 'remove'],
    variable: ['delete'],
    label: ['delete'],
    cache: ['delete'],
    run: ['delete'],
    ruleset: ['delete'],
    'deploy-key': ['delete'],
    issue: ['delete', 'transfer'],
    gist: ['delete'],
  }),
);

/** API paths that hold who may reach a repository or organisation, and what it trusts. */
const ACCESS_PATH =
  /(?:^|\/)(?:collaborators|protection|hooks|keys|secrets|variables|rulesets|permissions|invitations|members|memberships|environments|transfer)(?:\/|$)/;

const GH_API_VALUED = new Set([
  '-X',
  '--method',
  '-f',
  '--raw-field',
  '-F',
  '--field',
  '-H',
  '--header',
  '--input',
  '-q',
  '--jq',
  '-t',
  '--template',
  '--hostname',
  '-p',
  '--preview',
  '--cache',
]);

/** The endpoint of `gh api [options] ENDPOINT`. */
function apiPath(args: readonly string[]): string {
  for (let i = args.indexOf('api') + 1; i > 0 && i < args.length; i++) {
    const a = args[i] ?? '';
    if (GH_API_VALUED.has(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return '';
}

function gh(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  const [area = '', verb = ''] = operands;
  if ((GH_DESTRUCTIVE.get(area) ?? []).includes(verb)) out.hit('remote-repo-change', commandText(cmd));
  else if (area === 'repo' && verb === 'edit' && cmd.args.some((a) => a.startsWith('--visibility')))
    out.hit('remote-repo-change', commandText(cmd));
  else if (area === 'release' && (verb === 'create' || verb === 'upload' || verb === 'edit'))
    out.hit('package-publish', commandText(cmd));
  // `--admin` merges past the branch's required reviews and checks.
  else if ((area === 'pr' || area === 'mr') && verb === 'merge' && cmd.args.includes('--admin'))
    out.hit('remote-repo-change', commandText(cmd));
  else if ((area === 'secret' || area === 'variable') && verb === 'set')
    out.hit('remote-repo-change', commandText(cmd));
  // A workflow started by hand runs whatever it holds, deploys included.
  else if (area === 'workflow' && verb === 'run') out.hit('deploy-live', commandText(cmd));
  else if (area === 'api') {
    // gh api sends POST once a field is given, GET otherwise.
    const fields =
      optionValues(cmd.args, 'f', ['raw-field', 'input']).length +
      optionValues(cmd.args, 'F', ['field']).length;
    const method = optionValues(cmd.args, 'X', ['method'])[0]?.toUpperCase() ?? (fields > 0 ? 'POST' : 'GET');
    const path = apiPath(cmd.args);
    // A private repository made public publishes all of it, history included.
    const exposes = [
      ...optionValues(cmd.args, 'f', ['raw-field']),
      ...optionValues(cmd.args, 'F', ['field']),
    ].some((f) => /^(?:visibility=public|private=false)$/i.test(f));
    if (method === 'DELETE' || (method !== 'GET' && (ACCESS_PATH.test(path) || exposes)))
      out.hit('remote-repo-change', commandText(cmd));
  }
}

function kubectl(cmd: CommandView, out: HitSink): void {
  const first = firstOperand(cmd.args, KUBECTL_VALUED);
  if (
    !first ||
    dryRun(cmd.args) ||
    cmd.args.some((a) => a.startsWith('--dry-run=') && a !== '--dry-run=none')
  )
    return;
  if (first.value === 'drain' || first.value === 'cordon' || first.value === 'taint')
    out.hit('cluster-scale-down', commandText(cmd));
  // `rollout restart|undo|pause` and `set image` change what the live workloads run.
  const verb = cmd.args.slice(first.index + 1).find((a) => !a.startsWith('-'));
  if (
    (first.value === 'rollout' && (verb === 'restart' || verb === 'undo' || verb === 'pause')) ||
    (first.value === 'set' && verb === 'image')
  )
    out.hit('deploy-live', commandText(cmd));
  const replicas = optionValues(cmd.args, null, ['replicas'])[0];
  if (first.value === 'scale' && replicas === '0') out.hit('cluster-scale-down', commandText(cmd));
}

function infraApply(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  const unreviewed =
    options.some((o) => /^--?auto-approve(?:=true)?$/.test(o)) ||
    (cmd.name === 'pulumi' && hasFlag(options, 'y', ['yes', 'skip-preview'])) ||
    (cmd.name === 'cdk' && options.some((o) => o === '--require-approval=never' || o === 'never'));
  const verb = operands[0];
  if (unreviewed && (verb === 'apply' || verb === 'up' || verb === 'deploy' || verb === 'import'))
    out.hit('infra-apply-unreviewed', commandText(cmd));
}

export const publishingDetectors: DetectorTable = [
  [['npm', 'pnpm', 'yarn', 'bun'], jsPackages],
  [[...new Set([...PUBLISH_VERBS.keys(), ...WITHDRAW_VERBS.keys()])], registryTool],
  [['dotnet'], dotnet],
  [['python', 'python3', 'py'], python],
  [['docker', 'podman', 'nerdctl', 'buildah', 'docker-compose', 'podman-compose'], containerPush],
  [['gh', 'glab'], gh],
  [['kubectl', 'oc'], kubectl],
  [['terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk', 'cdktf'], infraApply],
];
