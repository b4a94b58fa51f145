import { describe, expect, it } from 'vitest';
import { allowedDomainError, listAddError, SandboxChangeSchema, writableRootError } from './sandboxSettings';

describe('writable roots', () => {
  it.each(['/srv/data', '/home/me/.cache/pip', '~', '~/projects', 'C:\\Users\\me\\cache', 'D:/build'])(
    'accepts the absolute path %s',
    (path) => expect(writableRootError(path)).toBeUndefined(),
  );

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['relative/dir', /absolute/],
    ['./here', /absolute/],
    ['~other/dir', /absolute/],
    ['/', /whole disk/],
    ['C:\\', /whole disk/],
    ['/srv/../etc', /\.\./],
    ['/srv/*', /wildcard/],
    ['/srv/dir\u0000', /control/],
  ])('refuses %j', (path, why) => expect(writableRootError(path)).toMatch(why));
});

describe('allowed domains', () => {
  it.each([
    'example.com',
    'registry.npmjs.org',
    '*.example.com',
    '*.github.io',
    'api.github.com:443',
    'localhost',
    'my-host_1.internal.example',
    '10.0.0.5',
    'EXAMPLE.com',
  ])('accepts %s', (domain) => expect(allowedDomainError(domain)).toBeUndefined());

  it.each([
    ['', /empty/],
    ['*', /too broad/i],
    ['*.com', /too broad/i],
    ['*.', /too broad/i],
    ['foo.*.com', /only as a leading/],
    ['https://example.com', /host only/],
    ['example.com/path', /host only/],
    ['example', /dot/],
    ['-bad.example.com', /label/],
    ['bad-.example.com', /label/],
    ['a..b.com', /label/],
    ['.example.com', /label/],
    ['exa mple.com', /label/],
    ['example.com:0', /port/],
    ['example.com:70000', /port/],
    [`${'a'.repeat(64)}.com`, /label/],
  ])('refuses %j', (domain, why) => expect(allowedDomainError(domain)).toMatch(why));
});

describe('adding to a list', () => {
  it('refuses a duplicate and passes on the entry check', () => {
    expect(listAddError(['/srv'], '/srv', writableRootError)).toMatch(/already/i);
    expect(listAddError([], 'rel', writableRootError)).toMatch(/absolute/);
    expect(listAddError(['/srv'], '/opt', writableRootError)).toBeUndefined();
  });
});

describe('the settings.update sandbox change', () => {
  it('accepts valid lists and a mode', () => {
    expect(
      SandboxChangeSchema.parse({
        mode: 'read-only',
        writable_roots: ['/srv'],
        network: { allowed_domains: ['*.example.com'] },
      }),
    ).toEqual({
      mode: 'read-only',
      writable_roots: ['/srv'],
      network: { allowed_domains: ['*.example.com'] },
    });
  });

  it('refuses a bad entry with its reason, and unknown keys', () => {
    const bad = SandboxChangeSchema.safeParse({ writable_roots: ['/srv', 'rel'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/absolute/);
    expect(bad.error?.issues[0]?.path).toEqual(['writable_roots', 1]);
    expect(SandboxChangeSchema.safeParse({ network: { allowed_domains: ['*'] } }).success).toBe(false);
    expect(SandboxChangeSchema.safeParse({ mode: 'none' }).success).toBe(false);
    expect(SandboxChangeSchema.safeParse({ extra: 1 }).success).toBe(false);
  });
});
