import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PEM material made at test time with the openssl CLI; no private key is ever committed. */
export interface TestPki {
  /** The test CA certificate (trust anchor of the test composition). */
  readonly caCert: string;
  /** A leaf signed by the CA for the given names. */
  readonly leaf: { readonly key: string; readonly cert: string };
  /** A leaf signed by the CA for a different name only. */
  readonly wrongName: { readonly key: string; readonly cert: string };
  /** A self-signed certificate for the right names. */
  readonly selfSigned: { readonly key: string; readonly cert: string };
}

function openssl(dir: string, args: readonly string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

function signedLeaf(dir: string, name: string, names: readonly string[]): { key: string; cert: string } {
  writeFileSync(
    join(dir, `${name}.ext`),
    `basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=${names.map((n) => `DNS:${n}`).join(',')}\n`,
  );
  openssl(dir, [
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    `/CN=${names[0]}`,
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);
  return { key: readFileSync(join(dir, `${name}.key`), 'utf8'), cert: readFileSync(join(dir, `${name}.pem`), 'utf8') };
}

/** Creates a fresh test CA and leaves for `names` in a temporary directory, then removes the directory. */
export function createTestPki(names: readonly string[]): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'test-pki-'));
  try {
    openssl(dir, [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=service test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    const leaf = signedLeaf(dir, 'leaf', names);
    const wrongName = signedLeaf(dir, 'wrong', ['elsewhere.test']);
    openssl(dir, [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'self.key',
      '-out',
      'self.pem',
      '-days',
      '2',
      '-subj',
      `/CN=${names[0]}`,
      '-addext',
      `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
    ]);
    return {
      caCert: readFileSync(join(dir, 'ca.pem'), 'utf8'),
      leaf,
      wrongName,
      selfSigned: { key: readFileSync(join(dir, 'self.key'), 'utf8'), cert: readFileSync(join(dir, 'self.pem'), 'utf8') },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
