import { EventEmitter } from 'node:events';
import type { ClientChannel } from 'ssh2';
import { describe, expect, it } from 'vitest';
import { ExitRecorder, SshHandle } from './sshHandle';

/** The parts of an ssh2 channel the handle uses: events, and stderr as a second emitter. */
function fakeChannel(): EventEmitter & { stderr: EventEmitter } {
  return Object.assign(new EventEmitter(), { stderr: new EventEmitter() });
}

const asChannel = (c: EventEmitter): ClientChannel => c as unknown as ClientChannel;

/** A handle on `channel`, its exit status heard from the start, as the backend builds one. */
const handleOn = (channel: EventEmitter, exited = new ExitRecorder(asChannel(channel))): SshHandle =>
  new SshHandle(asChannel(channel), exited, false, async () => undefined);

describe('ssh handle', () => {
  // ssh2 parses the exec reply and a quick command's exit status from one packet: the status is
  // emitted before the code awaiting the channel can add its listener.
  it('keeps an exit status that came before the handle was made', async () => {
    const channel = fakeChannel();
    const exited = new ExitRecorder(asChannel(channel));
    channel.emit('exit', 4);
    const handle = handleOn(channel, exited);
    channel.emit('close');
    expect(await handle.exited).toEqual({ exitCode: 4 });
  });

  it('reports a signal by the name ssh2 gives it, whenever it comes', async () => {
    const channel = fakeChannel();
    const handle = handleOn(channel);
    channel.emit('exit', null, 'SIGTERM');
    channel.emit('close');
    expect(await handle.exited).toEqual({ exitCode: null, signal: 'SIGTERM' });
  });

  it('says so when the channel closes with no exit status at all', async () => {
    const channel = fakeChannel();
    const handle = handleOn(channel);
    channel.emit('close');
    expect(await handle.exited).toEqual({
      exitCode: null,
      error: 'the ssh channel closed without an exit status',
    });
  });
});
