import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

/* Written before the rules: releases, images, issues, infrastructure and databases changed elsewhere. */
const asks: Array<readonly [Expected, string]> = [
  ['ask', 'swift package-registry publish'],
  ['ask', 'skopeo delete docker://registry.example.com/app:old'],
  ['ask', 'crane delete registry.example.com/app@sha256:abc'],
  ['ask', 'gh issue delete 5 --yes'],
  ['ask', 'gh issue transfer 5 other/repo'],
  ['ask', 'gh gist delete 1a2b3c'],
  ['ask', 'helm rollback api 1 -n prod'],
  ['ask', 'terraform state rm aws_db_instance.main'],
  ['ask', 'terraform state push errored.tfstate'],
  ['ask', 'sam delete --no-prompts'],
  ['ask', 'supabase db reset --linked'],
  ['ask', 'supabase db reset --db-url postgres://u:p@db.example.com/app'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'swift package-registry login https://registry.example.com'],
  ['quiet', 'skopeo inspect docker://registry.example.com/app:latest'],
  ['quiet', 'gh issue list'],
  ['quiet', 'gh issue close 5'],
  ['quiet', 'helm rollback api 1 --dry-run'],
  ['quiet', 'helm history api'],
  ['quiet', 'terraform state list'],
  ['quiet', 'terraform state show aws_db_instance.main'],
  ['quiet', 'sam build'],
  ['quiet', 'sam local invoke'],
  ['quiet', 'supabase db reset'],
  ['quiet', 'supabase db reset --local'],
];

describe('changes to what lives elsewhere', () => {
  it('asks before withdrawing images, deleting issues, rolling back releases and editing remote state', () =>
    expectVerdicts(asks));
  it('keeps reads, dry runs and local resets quiet', () => expectVerdicts(quiet));
});
