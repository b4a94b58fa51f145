import { parseArgs } from 'node:util';
import { ledgerSubjectText, type LedgerEntry } from '../../src-shared/approvalsLedger';
import { grantsInForce, revokeGrant } from '../approval/gate';
import type { AppRoot } from '../appRoot';
import { UsageError, writeLine, type Io } from './args';

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

function line(e: LedgerEntry): string {
  const scope = e.scope ? ` ${e.scope}${e.expiresAt ? ` until ${when(e.expiresAt)}` : ''}` : '';
  const keys = e.keys.length > 0 ? `  [${e.keys.join(', ')}]` : '';
  return `${when(e.at)}  ${e.allowed ? 'allowed' : 'denied '}  ${e.decidedBy}${scope}  ${e.sessionId}  ${ledgerSubjectText(e)}${keys}`;
}

/** `caduceus approvals log [--session ID] [--decided-by WHO] [--search TEXT] [--limit N] [--json]` */
export async function approvalsLog(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      session: { type: 'string' },
      'decided-by': { type: 'string' },
      search: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const limit = values.limit === undefined ? 200 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit takes a positive whole number');
  const store = root.agent.sessions;
  const rows = store.ledger.list({
    // A stored session by prefix; otherwise the id as given (one-shot calls are not stored sessions).
    ...(values.session ? { sessionId: store.resolveId(values.session) ?? values.session } : {}),
    ...(values['decided-by'] ? { decidedBy: values['decided-by'] } : {}),
    ...(values.search ? { search: values.search } : {}),
    limit,
  });
  if (values.json) writeLine(io.stdout, JSON.stringify(rows, null, 2));
  else for (const e of rows) writeLine(io.stdout, line(e));
  if (!values.json && rows.length === 0) writeLine(io.stderr, 'No approval decisions recorded.');
  return 0;
}

/** `caduceus approvals grants [--json]`: what is allowed without asking, with the keys revoke takes. */
export async function approvalsGrants(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean' } } });
  const grants = grantsInForce(root.gate.grants, await root.configStore.load(), Date.now());
  if (values.json) writeLine(io.stdout, JSON.stringify(grants, null, 2));
  else
    for (const g of grants)
      writeLine(io.stdout, `${g.key}${g.expiresAt ? `  (until ${when(g.expiresAt)})` : ''}`);
  if (!values.json && grants.length === 0) writeLine(io.stderr, 'No grants in force.');
  return 0;
}

/** `caduceus approvals revoke KEY`: a grant key from `approvals grants`, or a rule key or prefix. */
export async function approvalsRevoke(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const key = positionals.join(' ').trim();
  if (!key) throw new UsageError('caduceus approvals revoke KEY  (see caduceus approvals grants)');
  const revoked = await revokeGrant(root.gate.grants, root.configStore, key);
  if (revoked === 0) {
    writeLine(io.stderr, `No grant in force matches "${key}".`);
    return 1;
  }
  writeLine(io.stdout, `Revoked ${revoked} grant${revoked === 1 ? '' : 's'} for "${key}".`);
  return 0;
}
