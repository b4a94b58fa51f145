import { useMemo } from 'react';
import { LEDGER_DECIDERS, ledgerSubjectText, type LedgerEntry } from '../../../src-shared/approvalsLedger';
import { useKeptQuery } from '../../state/query';
import { ledgerQuery, useLedger } from './ledgerStore';
import { GrantsList } from './GrantsList';
import './LedgerSection.css';
import { useSessions } from '../sessions/sessionsStore';
import { sessionTitle } from '../sessions/sessionTitle';

const time = (ms: number) => new Date(ms).toLocaleString();

function scopeText(entry: LedgerEntry): string {
  if (!entry.scope) return '';
  return entry.expiresAt
    ? `${entry.scope}, until ${new Date(entry.expiresAt).toLocaleTimeString()}`
    : entry.scope;
}

/** The approvals ledger: grants in force, then every decision newest first, filterable. */
export function LedgerSection() {
  const entries = useLedger((s) => s.entries);
  const known = useSessions((s) => s.sessions);
  const query = useLedger((s) => s.query);
  const setQuery = useLedger((s) => s.setQuery);
  const load = useLedger((s) => s.load);

  useKeptQuery(ledgerQuery);

  const sessions = useMemo(() => {
    const ids = new Set(entries.map((e) => e.sessionId));
    if (query.sessionId) ids.add(query.sessionId);
    return [...ids];
  }, [entries, query.sessionId]);

  return (
    <section
      className="settings-section"
      id="settings-ledger"
      data-testid="approvals-ledger"
      aria-labelledby="settings-ledger-h"
    >
      <h3 id="settings-ledger-h">Approvals log</h3>
      <p className="muted settings-intro">
        What runs without asking, and every decision the approval gate made. Revoking a grant applies to the
        very next command.
      </p>
      <h4>Grants in force</h4>
      <GrantsList />
      <h4>Decisions</h4>
      <div className="settings-inline ledger-filters">
        <input
          type="search"
          aria-label="Search commands, rule keys and reasons"
          placeholder="Search"
          data-testid="ledger-search"
          value={query.search ?? ''}
          onChange={(e) => setQuery({ search: e.target.value || undefined })}
        />
        <select
          aria-label="Session"
          data-testid="ledger-session"
          value={query.sessionId ?? ''}
          onChange={(e) => setQuery({ sessionId: e.target.value || undefined })}
        >
          <option value="">All sessions</option>
          {sessions.map((id) => (
            <option key={id} value={id}>
              {id ? sessionTitle(known, id) : '(none)'}
            </option>
          ))}
        </select>
        <select
          aria-label="Decision"
          data-testid="ledger-decision"
          value={query.allowed === undefined ? '' : String(query.allowed)}
          onChange={(e) =>
            setQuery({ allowed: e.target.value === '' ? undefined : e.target.value === 'true' })
          }
        >
          <option value="">Allowed and denied</option>
          <option value="true">Allowed</option>
          <option value="false">Denied</option>
        </select>
        <select
          aria-label="Decided by"
          data-testid="ledger-who"
          value={query.decidedBy ?? ''}
          onChange={(e) => setQuery({ decidedBy: e.target.value || undefined })}
        >
          <option value="">Anyone</option>
          {LEDGER_DECIDERS.map((who) => (
            <option key={who} value={who}>
              {who}
            </option>
          ))}
        </select>
        <button type="button" data-testid="ledger-refresh" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      <ol className="ledger-rows" aria-label="Decisions, newest first">
        {entries.map((e) => (
          <li
            key={e.id}
            className="ledger-row"
            data-testid="ledger-row"
            data-allowed={String(e.allowed)}
            data-decided-by={e.decidedBy}
            data-scope={e.scope ?? ''}
          >
            <span className={e.allowed ? 'ledger-verdict ok' : 'ledger-verdict denied'}>
              {e.allowed ? 'Allowed' : 'Denied'}
            </span>
            <code className="ledger-subject" data-testid="ledger-subject">
              {ledgerSubjectText(e)}
            </code>
            <span className="ledger-who">
              {e.decidedBy}
              {e.scope && <span className="muted"> · {scopeText(e)}</span>}
            </span>
            <span className="muted ledger-meta">
              {time(e.at)} · {e.sessionId ? sessionTitle(known, e.sessionId) : '—'}
              {e.keys.length > 0 && <> · {e.keys.join(', ')}</>}
              {e.rule && e.rule !== e.keys.join(', ') && <> · rule {e.rule}</>}
            </span>
            {e.reasons.length > 0 && <span className="muted ledger-reasons">{e.reasons.join('; ')}</span>}
          </li>
        ))}
        {entries.length === 0 && <li className="muted">No decisions match.</li>}
      </ol>
    </section>
  );
}
