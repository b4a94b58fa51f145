import { describe, expect, it } from 'vitest';
import { EgressPolicy, parseHostEntry, type EgressAsk, type ResolvedAddress } from './egress';

const names: Record<string, ResolvedAddress[]> = {
  'public.test': [{ address: '93.184.216.34', family: 4 }],
  'home.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.5', family: 4 },
  ],
  'nas.test': [{ address: '192.168.1.20', family: 4 }],
  'v6.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'meta-mixed.test': [
    { address: '127.0.0.1', family: 4 },
    { address: '169.254.169.254', family: 4 },
  ],
};
const resolve = async (host: string) => {
  const found = names[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};
const policy = (allowed: string[] = []) => new EgressPolicy({ resolve, allowedLocalHosts: () => allowed });
const check = (url: string, p = policy(), ask?: EgressAsk) => p.checkUrl(new URL(url), ask);

describe('EgressPolicy', () => {
  it('lets public hosts through, naming the address to connect to', async () => {
    expect(await check('https://public.test/x')).toEqual({
      allowed: true,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await check('http://8.8.8.8/')).toEqual({ allowed: true, address: '8.8.8.8', family: 4 });
  });

  it('refuses loopback, private, link-local and metadata hosts after resolving them', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://localhost.:1/',
      'http://home.test/',
      'http://nas.test/',
      'http://v6.test/',
      'http://[::1]/',
      'http://[::ffff:7f00:1]/',
      'http://[fd00:ec2::254]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://0.0.0.0:80/',
    ]) {
      const decision = await check(
        url,
        new EgressPolicy({
          resolve: async (h) => (h === 'localhost' ? [{ address: '127.0.0.1', family: 4 }] : resolve(h)),
        }),
      );
      expect(decision.allowed, url).toBe(false);
    }
  });

  it('treats a name that answers with any non-public address as local (a rebinding trick)', async () => {
    const decision = await check('http://mixed.test/');
    expect(decision).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/mixed\.test \(10\.0\.0\.5\) is a private address/),
    });
  });

  it('sees the decimal, octal and hex spellings of 127.0.0.1 as loopback', async () => {
    for (const url of [
      'http://2130706433/',
      'http://017700000001/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://0x7f.0.0.1/',
    ])
      expect(await check(url), url).toMatchObject({
        allowed: false,
        reason: expect.stringContaining('loopback'),
      });
  });

  it('judges numeric spellings that reach the system resolver by the address it returns', async () => {
    // A proxy's CONNECT line is not a URL: nothing has normalised these before the resolver.
    const system = new EgressPolicy();
    for (const host of ['2130706433', '017700000001', '0x7f000001', '0x7f.1', '127.1', 'localhost']) {
      const decision = await system.check(host, 80, host);
      expect(decision.allowed, host).toBe(false);
      if (!decision.allowed) expect(decision.reason, host).toMatch(/loopback address|could not be resolved/);
    }
    const decimal = await system.check('2130706433', 80, 'x');
    expect(decimal).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('(127.0.0.1) is a loopback'),
    });
  });

  it('lets a listed host through, by name or address, with or without a port', async () => {
    expect((await check('http://nas.test/', policy(['nas.test']))).allowed).toBe(true);
    expect((await check('http://nas.test/', policy(['192.168.1.20']))).allowed).toBe(true);
    expect((await check('http://127.0.0.1:8080/', policy(['127.0.0.1:8080']))).allowed).toBe(true);
    expect((await check('http://127.0.0.1:8081/', policy(['127.0.0.1:8080']))).allowed).toBe(false);
    expect((await check('http://[::1]:3000/', policy(['[::1]:3000']))).allowed).toBe(true);
  });

  it('asks about an unlisted local host, never about cloud metadata', async () => {
    const asked: string[] = [];
    const ask: EgressAsk = async (t) => (
      asked.push(`${t.url} ${t.kind}`),
      t.port === 8080 || 'the person said no'
    );
    expect(await check('http://127.0.0.1:8080/a', policy(), ask)).toMatchObject({
      allowed: true,
      address: '127.0.0.1',
    });
    expect(await check('http://127.0.0.1:9/b', policy(), ask)).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('the person said no'),
    });
    expect((await check('http://169.254.169.254/', policy(), ask)).allowed).toBe(false);
    expect((await check('http://meta-mixed.test/', policy(), ask)).allowed).toBe(false);
    expect((await check('http://metadata.google.internal/', policy(), ask)).allowed).toBe(false);
    expect(asked).toEqual(['http://127.0.0.1:8080/a loopback', 'http://127.0.0.1:9/b loopback']);
  });

  it('refuses a host that does not resolve, and non-web schemes', async () => {
    expect(await check('http://nowhere.test/')).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('could not be resolved'),
    });
    expect((await check('ftp://public.test/')).allowed).toBe(false);
  });
});

describe('parseHostEntry', () => {
  it.each([
    ['nas.lan', { host: 'nas.lan' }],
    ['NAS.lan.', { host: 'nas.lan' }],
    ['127.0.0.1:8080', { host: '127.0.0.1', port: 8080 }],
    ['[::1]:3000', { host: '::1', port: 3000 }],
    ['[::1]', { host: '::1' }],
    ['fe80::1', { host: 'fe80::1' }],
  ])('%s', (entry, parsed) => expect(parseHostEntry(entry)).toEqual(parsed));
});
