import { useEffect, useRef, useState } from 'react';
import type { RequestOutput } from '../../../src-shared/ipc/contract';
import { api, errorMessage, unwrap } from '../../api/client';

type Result = RequestOutput<'terminal.testSsh'>;

/** "Test" for SSH options: connects once; an unknown host key is shown with its fingerprint to trust. */
export function SshTest({ ssh, disabled }: { ssh: Record<string, unknown>; disabled: boolean }) {
  const [result, setResult] = useState<Result>();
  const [busy, setBusy] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => resultRef.current?.scrollIntoView({ block: 'nearest' }), [result]);

  async function run() {
    setBusy(true);
    try {
      setResult(await unwrap(api().terminalTestSsh({ ssh })));
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  async function trust(id: string) {
    try {
      await unwrap(api().terminalAcceptHostKey({ id }));
      await run();
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err) });
    }
  }

  const key = result?.hostKey;
  return (
    <>
      <button type="button" data-testid="ssh-test" disabled={disabled || busy} onClick={() => void run()}>
        {busy ? 'Connecting…' : 'Test connection'}
      </button>
      {result && (
        <div
          className={`settings-test ${result.ok ? 'ok' : 'failed'}`}
          data-testid="ssh-test-result"
          role="status"
        >
          {result.ok ? '✓ ' : '✗ '}
          {result.message}
          {key?.status === 'unknown' && (
            <div className="ssh-host-key">
              <div>
                This server is not in known_hosts yet. Its {key.keyType} key has the fingerprint{' '}
                <code data-testid="ssh-fingerprint">{key.fingerprint}</code>. Compare it with the server’s own
                (<code>ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub</code>) before trusting it.
              </div>
              <button type="button" data-testid="ssh-accept-key" onClick={() => void trust(key.id)}>
                Trust this key and connect
              </button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
