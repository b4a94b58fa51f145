import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackReceiver, type LoopbackReceiver } from './loopback';

let receiver: LoopbackReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('loopback redirect receiver', () => {
  it('listens on 127.0.0.1 and hands over the code of the redirect with our state only', async () => {
    receiver = await startLoopbackReceiver();
    expect(receiver.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const code = receiver.waitForCode('good-state');
    const forged = await fetch(`${receiver.redirectUrl}?code=evil&state=other`);
    expect(forged.status).toBe(200);
    const real = await fetch(`${receiver.redirectUrl}?code=abc&state=good-state`);
    expect(await real.text()).toContain('Signed in');
    expect(await code).toBe('abc');
    expect((await fetch(receiver.redirectUrl.replace('/callback', '/other'))).status).toBe(404);
  });

  it('reports an authorization error and a cancelled wait', async () => {
    receiver = await startLoopbackReceiver();
    const refused = receiver.waitForCode('s1').catch((err: Error) => err);
    await fetch(`${receiver.redirectUrl}?error=access_denied&error_description=no+thanks&state=s1`);
    expect((await refused).toString()).toBe('Error: sign-in failed: access_denied no thanks');
    const abort = new AbortController();
    const waiting = receiver.waitForCode('s2', abort.signal);
    abort.abort();
    await expect(waiting).rejects.toThrow('sign-in was cancelled');
  });

  it('refuses a taken fixed port instead of moving', async () => {
    receiver = await startLoopbackReceiver();
    const port = Number(new URL(receiver.redirectUrl).port);
    await expect(startLoopbackReceiver(port, true)).rejects.toThrow(
      `cannot receive the sign-in on port ${port}`,
    );
    const moved = await startLoopbackReceiver(port);
    expect(moved.redirectUrl).not.toBe(receiver.redirectUrl);
    await moved.close();
  });
});
