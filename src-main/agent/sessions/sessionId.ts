import { randomBytes } from 'node:crypto';

const SPACE = 0x1000000;
/** Ids this process handed out in the current second, so two of them never meet. */
const issued = { stamp: '', ids: new Set<string>() };

const format = (stamp: string, n: number): string => `${stamp}-${n.toString(16).padStart(6, '0')}`;

/**
 * A sortable, readable session id: `20260130-142501-3fa9c2`. Only the second and 24 random bits
 * tell ids apart, so sessions made in one burst (sub-agents, an import) could draw the same one:
 * a clash with an id this process issued this second, or one `taken` reports, moves to the next
 * free suffix instead.
 */
export function newSessionId(now = new Date(), taken: (id: string) => boolean = () => false): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  if (issued.stamp !== stamp) {
    issued.stamp = stamp;
    issued.ids.clear();
  }
  let n = randomBytes(3).readUIntBE(0, 3);
  for (let tries = 0; tries < SPACE; tries++, n = (n + 1) % SPACE) {
    const id = format(stamp, n);
    if (issued.ids.has(id) || taken(id)) continue;
    issued.ids.add(id);
    return id;
  }
  throw new Error(`No session id is free in second ${stamp}`);
}
