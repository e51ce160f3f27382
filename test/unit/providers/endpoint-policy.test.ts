import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../../src/app/providers/address-class.js';
import { ProviderCatalog } from '../../../src/app/providers/catalog.js';
import { checkEndpointUrl } from '../../../src/app/providers/endpoint-policy.js';
import { EndpointVerifier } from '../../../src/app/providers/endpoint-verifier.js';
import type { EndpointProber, HostResolver, ProbeTarget } from '../../../src/app/providers/ports.js';
import { ServiceError } from '../../../src/app/service-error.js';
import type { ProviderId } from '../../../src/contract/providers.js';

const catalog = new ProviderCatalog();

/** [provider, url, expected reason or 'ok'] */
const TABLE: readonly (readonly [ProviderId, string, string])[] = [
  // accepted local forms
  ['ollama', 'http://127.0.0.1:11434', 'ok'],
  ['ollama', 'http://127.0.0.1:11434/', 'ok'],
  ['ollama', 'http://[::1]:11434', 'ok'],
  ['ollama', 'http://127.5.6.7:8080', 'ok'],
  ['openai_compatible', 'http://127.0.0.1:8080/v1', 'ok'],
  // names that resolve to loopback are never explicit loopback
  ['ollama', 'http://localhost:11434', 'loopback_name_not_allowed'],
  ['ollama', 'http://LOCALHOST:11434', 'loopback_name_not_allowed'],
  ['ollama', 'http://127.0.0.1.nip.io:11434', 'loopback_name_not_allowed'],
  ['ollama', 'http://localtest.me', 'loopback_name_not_allowed'],
  ['openai_compatible', 'http://rebind.network/v1', 'loopback_name_not_allowed'],
  // schemes
  ['ollama', 'https://127.0.0.1:11434', 'scheme_not_allowed'],
  ['ollama', 'ftp://127.0.0.1', 'scheme_not_allowed'],
  ['ollama', 'file:///etc/passwd', 'scheme_not_allowed'],
  ['ollama', 'javascript:alert(1)', 'scheme_not_allowed'],
  ['ollama', 'gopher://127.0.0.1:11434', 'scheme_not_allowed'],
  ['ollama', 'http:127.0.0.1:11434', 'url_invalid'],
  ['ollama', '127.0.0.1:11434', 'url_invalid'],
  ['ollama', '', 'url_invalid'],
  // userinfo confusion
  ['ollama', 'http://user:pass@127.0.0.1:11434', 'credentials_in_url'],
  ['ollama', 'http://A.com@127.0.0.1', 'credentials_in_url'],
  ['ollama', 'http://127.1.1.1:80@127.2.2.2:80', 'credentials_in_url'],
  ['ollama', 'http://127.1.1.1:80@@127.2.2.2:80', 'credentials_in_url'],
  ['ollama', 'http://127.0.0.1:80#@evil.example', 'credentials_in_url'],
  ['ollama', 'http://evil.example\\@127.0.0.1/', 'backslash'],
  // fragments, queries, parameters, encoding
  ['ollama', 'http://127.0.0.1:11434#frag', 'fragment'],
  ['ollama', 'http://127.0.0.1:11434/?x=1', 'query_string'],
  ['ollama', 'http://127.0.0.1:11434?', 'query_string'],
  ['openai_compatible', 'http://127.0.0.1:8080/v1;jsessionid=1', 'path_parameters'],
  ['ollama', 'http://127.0.0.1%2e:11434', 'percent_encoding'],
  ['ollama', 'http://[fe80::1%25eth0]', 'percent_encoding'],
  ['openai_compatible', 'http://127.0.0.1:8080/%2e%2e/admin', 'percent_encoding'],
  // numeric tricks
  ['ollama', 'http://2130706433:11434', 'numeric_host_form'],
  ['ollama', 'http://017700000001', 'numeric_host_form'],
  ['ollama', 'http://0177.0.0.1', 'numeric_host_form'],
  ['ollama', 'http://0177.00.01', 'numeric_host_form'],
  ['ollama', 'http://0x7f.0x0.0x0.0x1', 'numeric_host_form'],
  ['ollama', 'http://0x7f.1', 'numeric_host_form'],
  ['ollama', 'http://0x7f000001', 'numeric_host_form'],
  ['ollama', 'http://127.1', 'numeric_host_form'],
  ['ollama', 'http://127.0.1', 'numeric_host_form'],
  ['ollama', 'http://127.000.000.001', 'numeric_host_form'],
  ['ollama', 'http://0', 'numeric_host_form'],
  ['ollama', 'http://256.0.0.1', 'numeric_host_form'],
  ['ollama', 'http://425.510.425.510', 'numeric_host_form'],
  ['ollama', 'http://0x41414141A9FEA9FE', 'numeric_host_form'],
  ['ollama', 'http://example.127', 'numeric_host_form'],
  ['ollama', 'http://127.0.0.1.:11434', 'trailing_dot'],
  // IPv6 forms
  ['ollama', 'http://[::ffff:127.0.0.1]', 'ipv4_mapped_ipv6'],
  ['ollama', 'http://[::ffff:7f00:1]', 'ipv4_mapped_ipv6'],
  ['ollama', 'http://[0:0:0:0:0:ffff:127.0.0.1]', 'ipv4_mapped_ipv6'],
  ['ollama', 'http://[0:0:0:0:0:0:0:1]', 'not_canonical'],
  ['ollama', 'http://[0000::1]', 'not_canonical'],
  ['ollama', 'http://[::]:11434', 'unspecified_address'],
  ['ollama', 'http://[fe80::1]', 'not_loopback'],
  ['ollama', 'http://[::1', 'url_invalid'],
  // destinations other than loopback
  ['ollama', 'http://0.0.0.0:11434', 'unspecified_address'],
  ['ollama', 'http://10.0.0.5:11434', 'not_loopback'],
  ['ollama', 'http://192.168.1.10:11434', 'not_loopback'],
  ['ollama', 'http://169.254.169.254/latest/meta-data', 'not_loopback'],
  ['ollama', 'http://100.64.0.1', 'not_loopback'],
  ['ollama', 'http://224.0.0.1', 'not_loopback'],
  ['ollama', 'http://8.8.8.8', 'not_loopback'],
  // characters that parsers normalise
  ['ollama', 'http://12\uff17.0.0.1', 'invalid_character'],
  ['ollama', 'http://\u2460\u2461\u2466.0.0.1', 'invalid_character'],
  ['ollama', ' http://127.0.0.1:11434', 'invalid_character'],
  ['ollama', 'http://127.0.0.1:11434\n', 'invalid_character'],
  ['ollama', 'http://127.0.0.1:11434/\tx', 'invalid_character'],
  // ports and paths
  ['ollama', 'http://127.0.0.1:0', 'port_invalid'],
  ['ollama', 'http://127.0.0.1:65536', 'port_invalid'],
  ['ollama', 'http://127.0.0.1:011434', 'port_invalid'],
  ['ollama', 'http://127.0.0.1:', 'port_invalid'],
  ['ollama', 'http://127.0.0.1:11434:80', 'url_invalid'],
  ['ollama', 'http://', 'host_missing'],
  ['ollama', 'http://local_host', 'host_invalid'],
  ['ollama', 'http://127.0.0.1:11434/../admin', 'path_traversal'],
  ['openai_compatible', 'http://127.0.0.1:8080/v1/./models', 'path_traversal'],
  ['openai_compatible', 'http://127.0.0.1:8080//v1', 'path_invalid'],
  ['ollama', 'HTTP://127.0.0.1:11434', 'not_canonical'],
  ['ollama', 'http://127.0.0.1:80', 'not_canonical'],
  // cloud providers: the fixed reviewed URL only
  ['openai', 'https://api.openai.com/v1', 'ok'],
  ['anthropic', 'https://api.anthropic.com', 'ok'],
  ['openai', 'http://api.openai.com/v1', 'scheme_not_allowed'],
  ['openai', 'https://api.openai.com/v2', 'cloud_url_not_reviewed'],
  ['openai', 'https://api.openai.com.evil.example/v1', 'cloud_url_not_reviewed'],
  ['openai', 'https://api.openai.com:8443/v1', 'cloud_url_not_reviewed'],
  ['anthropic', 'https://api.openai.com/v1', 'cloud_url_not_reviewed'],
  ['openai', 'https://api.openai.com:443/v1', 'not_canonical'],
  ['openai', 'https://API.OPENAI.COM/v1', 'not_canonical'],
  ['openai', 'https://104.18.6.192/v1', 'ip_literal_not_allowed'],
  ['openai', 'https://[2606:4700::6812:6c0]/v1', 'ip_literal_not_allowed'],
  ['openai', 'https://127.0.0.1/v1', 'ip_literal_not_allowed'],
  ['openai', 'https://api.openai.com./v1', 'trailing_dot'],
  ['openai', 'https://api.openai.com/v1?api-version=1', 'query_string'],
  ['openai', 'https://sk-secret@api.openai.com/v1', 'credentials_in_url'],
  ['anthropic', 'https://api.anthropic.com#x', 'fragment'],
];

describe('endpoint policy: the URL text', () => {
  it('holds at least forty hostile or tricky URLs', () => {
    expect(TABLE.filter(([, , reason]) => reason !== 'ok').length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)('%s %j -> %s', (provider, url, expected) => {
    const result = checkEndpointUrl(catalog.get(provider), url);
    expect(result.ok ? 'ok' : result.reason).toBe(expected);
  });

  it('answers a canonical target and a redacted destination', () => {
    const result = checkEndpointUrl(catalog.get('openai_compatible'), 'http://127.0.0.1:8080/v1/');
    expect(result).toEqual({
      ok: true,
      target: {
        providerId: 'openai_compatible',
        kind: 'local',
        scheme: 'http',
        hostname: '127.0.0.1',
        literalAddress: '127.0.0.1',
        port: 8080,
        basePath: '/v1',
        url: 'http://127.0.0.1:8080/v1',
        destination: 'http://127.0.0.1:8080',
      },
    });
  });
});

describe('address classification', () => {
  it.each([
    ['8.8.8.8', 'unicast'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'unicast'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.128.0.1', 'unicast'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link_local'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['fe80::1', 'link_local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2606:4700::6812:6c0', 'unicast'],
  ])('%s is %s', (text, expected) => {
    expect(parseAddress(text)?.class).toBe(expected);
  });
});

class ScriptedResolver implements HostResolver {
  calls = 0;
  constructor(private readonly answers: readonly (readonly string[] | Error)[]) {}
  async resolve(): Promise<readonly string[]> {
    const answer = this.answers[Math.min(this.calls, this.answers.length - 1)] as readonly string[] | Error;
    this.calls++;
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

class RecordingProber implements EndpointProber {
  readonly targets: ProbeTarget[] = [];
  async probe(target: ProbeTarget) {
    this.targets.push(target);
    // Ollama's version; a cloud API's answer to the test's request without a key: 401 in its error shape.
    if (target.path.endsWith('/api/version'))
      return { kind: 'answered' as const, status: 200, spkiSha256: null, body: '{"version":"0.5.1"}', bodyComplete: true };
    const body = target.sendRequest ? '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}' : null;
    return { kind: 'answered' as const, status: target.sendRequest ? 401 : null, spkiSha256: 'a'.repeat(64), body, bodyComplete: true };
  }
}

async function reasonOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    expect(error.code).toBe('ENDPOINT_REJECTED');
    return String(error.details.find((detail) => detail.name === 'reason')?.value);
  }
}

const PUBLIC = '34.117.59.81';

describe('endpoint policy: resolution of a cloud name', () => {
  const DESTINATIONS: readonly (readonly [string, readonly (readonly string[] | Error)[], string])[] = [
    ['one public address', [[PUBLIC]], 'ok'],
    ['private', [['10.0.0.1']], 'private_destination'],
    ['loopback', [['127.0.0.1']], 'loopback_destination'],
    ['IPv6 loopback', [['::1']], 'loopback_destination'],
    ['metadata (link-local)', [['169.254.169.254']], 'link_local_destination'],
    ['mapped metadata', [['::ffff:169.254.169.254']], 'link_local_destination'],
    ['hex-mapped metadata', [['::ffff:a9fe:a9fe']], 'link_local_destination'],
    ['CGNAT', [['100.64.1.1']], 'cgnat_destination'],
    ['multicast', [['224.0.0.251']], 'multicast_destination'],
    ['unspecified', [['0.0.0.0']], 'unspecified_destination'],
    ['IPv6 unique local (fd00:ec2::254)', [['fd00:ec2::254']], 'private_destination'],
    ['IPv6 link-local', [['fe80::1']], 'link_local_destination'],
    ['NAT64 of loopback', [['64:ff9b::7f00:1']], 'reserved_destination'],
    ['documentation range', [['192.0.2.10']], 'reserved_destination'],
    ['public mixed with metadata', [[PUBLIC, '169.254.169.254']], 'link_local_destination'],
    ['empty answer', [[]], 'resolution_empty'],
    ['resolver failure', [new Error('ENOTFOUND')], 'resolution_failed'],
    ['not an address', [['not-an-address']], 'resolution_failed'],
    ['too many addresses', [Array.from({ length: 17 }, (_, i) => `34.117.59.${i + 1}`)], 'too_many_addresses'],
    ['rebinding to loopback on the second lookup', [[PUBLIC], ['127.0.0.1']], 'loopback_destination'],
    ['rebinding to metadata on the second lookup', [[PUBLIC], ['169.254.169.254']], 'link_local_destination'],
    ['a different public address on the second lookup', [[PUBLIC], ['34.117.59.82']], 'resolution_changed'],
    ['an extra address on the second lookup', [[PUBLIC], [PUBLIC, '34.117.59.82']], 'resolution_changed'],
    [
      'the same set in another order',
      [
        [PUBLIC, '34.117.59.82'],
        ['34.117.59.82', PUBLIC],
      ],
      'ok',
    ],
  ];

  it.each(DESTINATIONS)('%s -> %s', async (_name, answers, expected) => {
    const resolver = new ScriptedResolver(answers);
    const prober = new RecordingProber();
    const verifier = new EndpointVerifier(resolver, prober);
    expect(await reasonOf(verifier.verify(catalog.get('openai'), 'https://api.openai.com/v1', { sendRequest: true }))).toBe(expected);
    if (expected !== 'ok') expect(prober.targets).toHaveLength(0);
  });

  it('resolves twice and connects to the validated numeric address with the name for TLS', async () => {
    const resolver = new ScriptedResolver([['2606:4700::1', PUBLIC]]);
    const prober = new RecordingProber();
    const verified = await new EndpointVerifier(resolver, prober).verify(catalog.get('openai'), 'https://api.openai.com/v1', { sendRequest: true });
    expect(resolver.calls).toBe(2);
    expect(prober.targets).toEqual([
      {
        scheme: 'https',
        hostname: 'api.openai.com',
        port: 443,
        address: PUBLIC,
        path: '/v1/models',
        sendRequest: true,
        headers: [],
        timeoutMs: expect.any(Number),
      },
    ]);
    expect(verified.pinnedAddress).toBe(PUBLIC);
    expect(verified.servername).toBe('api.openai.com');
    expect(verified.identity).toMatch(/^[0-9a-f]{64}$/);
    expect(verified.destination).toBe('https://api.openai.com:443');
  });

  it('never resolves a local literal', async () => {
    const resolver = new ScriptedResolver([new Error('must not be called')]);
    const prober = new RecordingProber();
    const verified = await new EndpointVerifier(resolver, prober).verify(catalog.get('ollama'), 'http://127.0.0.1:11434', { sendRequest: true });
    expect(resolver.calls).toBe(0);
    expect(verified.pinnedAddress).toBe('127.0.0.1');
    expect(verified.spkiSha256).toBeNull();
  });

  it.each([301, 302, 303, 307, 308])('refuses a %i answer as a redirect', async (status) => {
    const prober: EndpointProber = { probe: async () => ({ kind: 'answered', status, spkiSha256: null, body: '', bodyComplete: true }) };
    expect(
      await reasonOf(new EndpointVerifier(new ScriptedResolver([]), prober).verify(catalog.get('ollama'), 'http://127.0.0.1:11434', { sendRequest: true })),
    ).toBe('redirect');
  });
});
