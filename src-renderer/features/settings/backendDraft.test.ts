import { describe, expect, it } from 'vitest';
import { draftErrors, draftOf, optionsOf } from './backendDraft';

describe('backend field drafts', () => {
  it('flags an empty SSH host and user and a port out of range before saving', () => {
    const draft = { ...draftOf('ssh', {}), port: '70000' };
    expect(draftErrors('ssh', draft)).toEqual({
      host: 'Host is required.',
      username: 'User is required.',
      port: 'Port must be a whole number from 1 to 65535.',
    });
    expect(draftErrors('ssh', { host: 'h', username: 'u', port: '', privateKeyPath: '' })).toEqual({});
  });

  it('keeps options the form does not show and turns numbers into numbers', () => {
    const options = { host: 'old', knownHostsPath: '/k' };
    const draft = { host: 'new', port: '2222', username: 'me', privateKeyPath: '' };
    expect(optionsOf('ssh', options, draft)).toEqual({
      host: 'new',
      port: 2222,
      username: 'me',
      knownHostsPath: '/k',
    });
  });
});
