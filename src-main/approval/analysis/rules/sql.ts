/** SQL and data stores: DROP, TRUNCATE, DELETE/UPDATE without WHERE, FLUSHALL, framework resets. */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { firstOperand, optionValues, splitOptions } from './types';

export const sqlRules: Rule[] = [
  { key: 'sql-drop', category: 'sql', description: 'Drops a database, table or schema' },
  { key: 'sql-truncate', category: 'sql', description: 'Empties a table (TRUNCATE)' },
  { key: 'sql-delete-all', category: 'sql', description: 'Deletes every row (DELETE without WHERE, flush)' },
  { key: 'sql-update-all', category: 'sql', description: 'Updates every row (UPDATE without WHERE)' },
  { key: 'redis-flush', category: 'sql', description: 'Erases a Redis database (FLUSHALL/FLUSHDB)' },
  {
    key: 'redis-admin',
    category: 'sql',
    description: "Points Redis's files or replication elsewhere, loads a module into it, or shuts it down",
  },
];

const DROP =
  /\bdrop\s+(?:table|database|schema|view|index|user|role|keyspace|collection|materialized\s+view)\b/i;
const TRUNCATE = /\btruncate\s+(?:table\s+)?[\w"`[]/i;
const DELETE_FROM = /\bdelete\s+from\b/i;
const UPDATE_SET = /\bupdate\s+[^\s;]+\s+set\b/i;
const WHERE = /\bwhere\b/i;
const FLUSH = /\bflush(?:all|db)\b/i;
const MONGO_DROP = /\.\s*(?:dropDatabase|drop)\s*\(|\.\s*deleteMany\s*\(\s*\{\s*\}\s*\)/;

const LITERAL_OR_COMMENT = /['"]|--|\/\*/g;

/** Blanks string literals and comments, so `'drop table'` is data and `-- WHERE` hides nothing. */
function codeOnly(sql: string): string {
  const parts: string[] = [];
  let from = 0;
  let i = 0;
  for (;;) {
    // The next quote or comment start, found natively rather than a character at a time.
    LITERAL_OR_COMMENT.lastIndex = i;
    const found = LITERAL_OR_COMMENT.exec(sql);
    if (!found) break;
    i = found.index;
    const c = sql.charAt(i);
    let end: number;
    if (c === "'" || c === '"') end = sql.indexOf(c, i + 1);
    else if (c === '-') end = sql.indexOf('\n', i);
    else end = sql.indexOf('*/', i + 2) + 1;
    parts.push(sql.slice(from, i), c === "'" || c === '"' ? "''" : ' ');
    i = end <= i ? sql.length : end + 1;
    from = i;
  }
  parts.push(sql.slice(from));
  return parts.join('');
}

/** Reports destructive statements in SQL text, one statement at a time. */
export function sqlTextHits(sql: string, out: HitSink): void {
  for (const statement of codeOnly(sql).split(';')) {
    const clip = statement.trim().slice(0, 80);
    if (DROP.test(statement)) out.hit('sql-drop', clip);
    if (TRUNCATE.test(statement)) out.hit('sql-truncate', clip);
    if (DELETE_FROM.test(statement) && !WHERE.test(statement)) out.hit('sql-delete-all', clip);
    if (UPDATE_SET.test(statement) && !WHERE.test(statement)) out.hit('sql-update-all', clip);
    if (FLUSH.test(statement)) out.hit('redis-flush', clip);
    if (MONGO_DROP.test(statement)) out.hit('sql-drop', clip);
  }
}

/** Where each client takes SQL from its arguments. */
function sqlArgs(cmd: CommandView): readonly string[] {
  const a = cmd.args;
  switch (cmd.name) {
    case 'psql':
      return optionValues(a, 'c', ['command']);
    case 'mysql':
    case 'mariadb':
      return optionValues(a, 'e', ['execute']);
    case 'sqlite3':
    case 'sqlite':
    case 'duckdb':
      return [
        ...splitOptions(a).operands.slice(1),
        ...optionValues(a, null, ['cmd']),
        ...optionValues(a, 'c', []),
      ];
    case 'sqlcmd':
      return [...optionValues(a, 'Q', []), ...optionValues(a, 'q', [])];
    case 'clickhouse-client':
    case 'clickhouse':
    case 'snowsql':
      return optionValues(a, 'q', ['query']);
    case 'cockroach':
      return optionValues(a, 'e', ['execute']);
    case 'bq':
      return a[0] === 'query' ? splitOptions(a.slice(1)).operands : [];
    case 'mongo':
    case 'mongosh':
      return optionValues(a, null, ['eval']);
    default:
      return [];
  }
}

function sqlClient(cmd: CommandView, out: HitSink): void {
  for (const sql of sqlArgs(cmd)) sqlTextHits(sql, out);
  if (cmd.stdin !== null) sqlTextHits(cmd.stdin, out);
}

const REDIS_VALUED = new Set([
  '-h',
  '-p',
  '-a',
  '-n',
  '-u',
  '-s',
  '--user',
  '--pass',
  '-r',
  '-i',
  '--tls-cert',
  '--tls-key',
  '--cacert',
]);
const REDIS_FLUSH = /^[ \t]*flush(?:all|db)\b/im;
/**
 * `CONFIG SET dir|dbfilename` makes the next save write a file of the caller's choosing (the
 * classic way to plant `authorized_keys`); `REPLICAOF host` replaces the data with another
 * server's; `MODULE LOAD` runs native code; `SHUTDOWN` and `DEBUG` stop or crash it.
 */
const REDIS_ADMIN =
  /^[ \t]*(?:config[ \t]+set[ \t]+(?:dir|dbfilename)\b|(?:slaveof|replicaof)[ \t]+(?!no[ \t]+one\b)\S|module[ \t]+load\b|shutdown\b|debug[ \t]+(?:segfault|crash|restart)\b)/im;

/** redis-cli runs its first operand as the command, or lines from stdin. */
function redis(cmd: CommandView, out: HitSink): void {
  const command = firstOperand(cmd.args, REDIS_VALUED)?.value ?? '';
  if (/^flush(?:all|db)$/i.test(command)) out.hit('redis-flush', `redis-cli ${cmd.args.join(' ')}`);
  if (cmd.stdin !== null && REDIS_FLUSH.test(cmd.stdin)) out.hit('redis-flush', 'FLUSH sent on stdin');
  const first = firstOperand(cmd.args, REDIS_VALUED);
  const line = first ? cmd.args.slice(first.index).join(' ') : '';
  if (REDIS_ADMIN.test(line)) out.hit('redis-admin', `redis-cli ${cmd.args.join(' ')}`);
  else if (cmd.stdin !== null && REDIS_ADMIN.test(cmd.stdin)) out.hit('redis-admin', 'sent on stdin');
}

function dropTools(cmd: CommandView, out: HitSink): void {
  if (
    cmd.name === 'dropdb' ||
    (cmd.name === 'mysqladmin' && cmd.args.some((x) => x === 'drop' || x === 'DROP'))
  )
    out.hit('sql-drop', `${cmd.name} ${cmd.args.join(' ')}`);
}

const FRAMEWORK_DROPS = new Set(['db:drop', 'db:reset', 'db:purge', 'db:schema:load', 'db:drop:all']);

/** rails db:drop, manage.py flush, prisma migrate reset and friends. */
function frameworks(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  const text = `${cmd.name} ${cmd.args.join(' ')}`;
  if (operands.some((o) => FRAMEWORK_DROPS.has(o))) out.hit('sql-drop', text);
  const managePy = cmd.name === 'manage.py' ? 0 : operands.findIndex((o) => o.endsWith('manage.py'));
  if (
    managePy >= 0 &&
    ['flush', 'reset_db'].includes(operands[cmd.name === 'manage.py' ? 0 : managePy + 1] ?? '')
  )
    out.hit('sql-delete-all', text);
  if (
    cmd.name === 'prisma' &&
    ((operands[0] === 'migrate' && operands[1] === 'reset') || cmd.args.includes('--force-reset'))
  )
    out.hit('sql-drop', text);
}

/** Database clients whose -c/-e/stdin text is read as SQL (or Mongo shell). */
export const SQL_CLIENT_NAMES = [
  'psql',
  'mysql',
  'mariadb',
  'sqlite3',
  'sqlite',
  'duckdb',
  'sqlcmd',
  'clickhouse-client',
  'clickhouse',
  'snowsql',
  'cockroach',
  'bq',
  'mongo',
  'mongosh',
];

export const sqlDetectors: DetectorTable = [
  [SQL_CLIENT_NAMES, sqlClient],
  [['redis-cli'], redis],
  [['dropdb', 'mysqladmin'], dropTools],
  [['rails', 'rake', 'python', 'manage.py', 'prisma'], frameworks],
];
