import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

/*
 * Written before the rule: hosted services' own command lines deleting what they host, object
 * stores emptied by their sync tools, and rights or credentials granted in a cloud account.
 */
const deletes: Array<readonly [Expected, string]> = [
  ['ask', 'firebase firestore:delete --all-collections -y'],
  ['ask', 'firebase hosting:disable -f'],
  ['ask', 'stripe customers delete cus_123'],
  ['ask', 'influx delete --bucket prod --start 1970-01-01T00:00:00Z --stop 2099-01-01T00:00:00Z'],
  ['ask', 'influx bucket delete -n prod'],
  ['ask', 'vercel remove my-app --yes'],
  ['ask', 'netlify sites:delete 1234 --force'],
  ['ask', 'supabase projects delete abcd'],
  ['ask', 'hcloud server delete web-1'],
  ['ask', 'linode-cli linodes delete 123'],
  ['ask', 'openstack server delete web-1'],
  ['ask', 'eksctl delete cluster --name prod'],
  ['ask', 'wrangler delete my-worker'],
  ['ask', 'wrangler r2 bucket delete assets'],
  ['ask', 'pscale database delete prod --force'],
  ['ask', 'turso db destroy prod --yes'],
  ['ask', 'railway down -y'],
  ['ask', 's3cmd del --recursive s3://bucket'],
  ['ask', 's3cmd rb --force s3://bucket'],
  ['ask', 'rclone purge remote:backups'],
  ['ask', 'rclone delete remote:bucket/logs'],
  ['ask', 'mc rb --force local/bucket'],
  ['ask', 'mc rm --recursive --force play/bucket'],
];

const grants: Array<readonly [Expected, string]> = [
  [
    'ask',
    'aws iam attach-user-policy --user-name me --policy-arn arn:aws:iam::aws:policy/AdministratorAccess',
  ],
  ['ask', 'aws iam create-access-key --user-name admin'],
  ['ask', 'aws iam add-user-to-group --group-name Admins --user-name attacker'],
  [
    'ask',
    `aws iam put-role-policy --role-name ci --policy-name all --policy-document '{"Statement":[{"Effect":"Allow","Action":"*","Resource":"*"}]}'`,
  ],
  ['ask', 'gcloud projects add-iam-policy-binding prod --member=user:a@x.example --role=roles/owner'],
  ['ask', 'gcloud iam service-accounts keys create key.json --iam-account ci@p.iam.gserviceaccount.com'],
  ['ask', 'az role assignment create --assignee a@x.example --role Owner'],
  ['ask', 'az ad sp credential reset --id 1234'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'firebase emulators:start --only firestore'],
  ['quiet', 'stripe customers list --limit 3'],
  ['quiet', 'vercel ls'],
  ['quiet', 'netlify status'],
  ['quiet', 'rclone ls remote:bucket'],
  ['quiet', 'rclone copy remote:bucket/data ./data'],
  ['quiet', 's3cmd ls s3://bucket'],
  ['quiet', 'mc ls play/bucket'],
  ['quiet', 'hcloud server list'],
  ['quiet', 'aws iam list-users'],
  ['quiet', 'aws iam get-role --role-name ci'],
  ['quiet', 'gcloud projects get-iam-policy prod'],
  ['quiet', 'gcloud iam service-accounts list'],
  ['quiet', 'az role assignment list --assignee a@x.example'],
];

describe('hosted services and cloud accounts', () => {
  it('asks before a hosted service deletes what it hosts', () => expectVerdicts(deletes));
  it('asks before rights or credentials are granted in a cloud account', () => expectVerdicts(grants));
  it('keeps listing, deploying and copying down quiet', () => expectVerdicts(quiet));
});
