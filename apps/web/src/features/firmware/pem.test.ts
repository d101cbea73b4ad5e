import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pemProblem } from './pem';

/** A self-signed Ed25519 certificate (CN=keel-test), as `openssl req -x509 -newkey ed25519` writes it. */
const CERT = `-----BEGIN CERTIFICATE-----
MIIBPDCB76ADAgECAhQWzqi0se2DliaIfLHAhz94E59KEDAFBgMrZXAwFDESMBAG
A1UEAwwJa2VlbC10ZXN0MB4XDTI2MTEyNDE0NTk0NloXDTM2MTEyMTE0NTk0Nlow
FDESMBAGA1UEAwwJa2VlbC10ZXN0MCowBQYDK2VwAyEACzX4weJxu4eUT+JP0Kym
QGSTAQhjO7metGdmEwGBavKjUzBRMB0GA1UdDgQWBBQtVQYaBI8UN9yC1QxfCelM
75YiPzAfBgNVHSMEGDAWgBQtVQYaBI8UN9yC1QxfCelM75YiPzAPBgNVHRMBAf8E
BTADAQH/MAUGAytlcANBANwh6Hwh5f3X2O5xCoqSHDy0GD3696CBSVIs7VybvvD1
hOEgkAuazu3qFujbNPod8cHY1xqdYINYjUX90rFraQM=
-----END CERTIFICATE-----`;

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SPKI = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const PKCS1 = pair.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const PRIVATE = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('PEM checks of the vendor keys', () => {
  it('accepts certificates, a chain, public keys and nothing', () => {
    expect(pemProblem(CERT, 'certificate')).toBeNull();
    expect(pemProblem(`${CERT}\n${CERT}\n`, 'certificate')).toBeNull();
    expect(pemProblem(SPKI, 'publicKey')).toBeNull();
    expect(pemProblem(PKCS1, 'publicKey')).toBeNull();
    expect(pemProblem('  ', 'certificate')).toBeNull();
  });

  it('says what is wrong', () => {
    expect(pemProblem('not a cert', 'certificate')).toBe('noBlock');
    expect(pemProblem(PRIVATE, 'publicKey')).toBe('privateKey');
    expect(pemProblem(`${CERT}\n${PRIVATE}`, 'certificate')).toBe('privateKey');
    expect(pemProblem(SPKI, 'certificate')).toBe('wrongLabel');
    expect(pemProblem(CERT, 'publicKey')).toBe('wrongLabel');
    expect(pemProblem(`${SPKI}\n${SPKI}`, 'publicKey')).toBe('outside');
    expect(pemProblem(`my key:\n${SPKI}`, 'publicKey')).toBe('outside');
    expect(pemProblem(CERT.replace('MIIBPDCB', 'MIIB*DCB'), 'certificate')).toBe('badBase64');
    // A line lost in copying: the DER is cut short (its length says more).
    const lines = CERT.split('\n');
    expect(pemProblem([...lines.slice(0, 3), ...lines.slice(4)].join('\n'), 'certificate')).toBe('badDer');
  });
});
