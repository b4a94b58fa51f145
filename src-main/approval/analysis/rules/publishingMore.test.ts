import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Written before the rules: more registries, GitLab's CLI, and merges past a branch's protections.
const dangerous: Array<readonly [Expected, string]> = [
  ['ask', 'jsr publish'],
  ['ask', 'npx jsr publish --allow-dirty'],
  ['ask', 'deno publish'],
  ['ask', 'pod trunk push MyLib.podspec'],
  ['ask', 'pod trunk delete MyLib 1.0.0'],
  ['ask', 'opam publish'],
  ['ask', 'glab repo delete acme/api --yes'],
  ['ask', 'glab release delete v1.2.0'],
  ['ask', 'glab release create v1.2.0 dist/*'],
  ['ask', 'glab api -X DELETE projects/42'],
  ['ask', 'gh pr merge 12 --admin --squash'],
  ['ask', 'docker push localhost.example.com/app'],
  ['ask', 'podman push registry.example.com:5000/app'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'deno run main.ts'],
  ['quiet', 'deno test'],
  ['quiet', 'deno publish --dry-run'],
  ['quiet', 'jsr add @std/path'],
  ['quiet', 'pod install'],
  ['quiet', 'pod trunk me'],
  ['quiet', 'glab repo view'],
  ['quiet', 'glab mr list'],
  ['quiet', 'glab release list'],
  ['quiet', 'gh pr merge 12 --squash'],
  // A registry on this machine: nobody else downloads from it.
  ['quiet', 'docker push localhost:5000/app:dev'],
  ['quiet', 'podman push --tls-verify=false 127.0.0.1:5000/app'],
];

describe('publishing, more registries and forges', () => {
  it('asks before publishing, deleting hosted state and merging past protections', () =>
    expectVerdicts(dangerous));
  it('keeps builds, reads and ordinary merges quiet', () => expectVerdicts(benign));
});
