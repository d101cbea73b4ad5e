import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pemProblem } from './pem';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SPKI = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const PKCS1 = pair.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const PRIVATE = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/**
 * The browser checks the shape only (label, base64, one whole DER SEQUENCE; the server parses the certificate), so
 * a DER SEQUENCE under the CERTIFICATE label stands for one here.
 */
const CERT = SPKI.replace(/PUBLIC KEY/g, 'CERTIFICATE');

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
    expect(pemProblem(CERT.replace('MIIBIjAN', 'MIIB*jAN'), 'certificate')).toBe('badBase64');
    // A line lost in copying: the DER is cut short (its length says more).
    const lines = CERT.split('\n');
    expect(pemProblem([...lines.slice(0, 3), ...lines.slice(4)].join('\n'), 'certificate')).toBe('badDer');
  });
});
