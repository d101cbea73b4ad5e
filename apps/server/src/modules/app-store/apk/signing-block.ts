import type { FileHandle } from 'node:fs/promises';

/**
 * The signer's certificate from an APK Signature Scheme v2 or v3 block (the "APK Signing Block" just before the ZIP
 * central directory): what a v2/v3-only APK (minSdk 24 and up, as apksigner signs it) carries instead of
 * META-INF/*.RSA. Layout (source.android.com "APK Signature Scheme v2"): the block ends with its size (uint64) and the
 * magic "APK Sig Block 42"; it holds ID-value pairs; the v2 (0x7109871a) and v3 (0xf05368c0) values are a
 * length-prefixed list of signers, each starting with its length-prefixed signed data, whose second field is the
 * length-prefixed list of certificates (DER). Answers the first signer's first certificate, or null.
 */

const MAGIC = Buffer.from('APK Sig Block 42', 'latin1');
const V2_ID = 0x7109871a;
const V3_ID = 0xf05368c0;
const EOCD_SIGNATURE = 0x06054b50;
/** The EOCD record is 22 bytes plus a comment of at most 65 535. */
const EOCD_SEARCH = 22 + 0xffff;
/** A signing block larger than this is not one an APK would carry. */
const MAX_BLOCK = 16 * 1024 * 1024;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** A length-prefixed (uint32 LE) slice at `offset`, or null when it runs past the end. */
function prefixed(buffer: Buffer, offset: number): { value: Buffer; next: number } | null {
  if (offset + 4 > buffer.length) return null;
  const length = buffer.readUInt32LE(offset);
  const end = offset + 4 + length;
  if (end > buffer.length) return null;
  return { value: buffer.subarray(offset + 4, end), next: end };
}

function firstCertificate(schemeValue: Buffer): Buffer | null {
  const signers = prefixed(schemeValue, 0);
  const signer = signers && prefixed(signers.value, 0);
  const signedData = signer && prefixed(signer.value, 0);
  if (!signedData) return null;
  const digests = prefixed(signedData.value, 0);
  const certificates = digests && prefixed(signedData.value, digests.next);
  const certificate = certificates && prefixed(certificates.value, 0);
  return certificate && certificate.value.length > 0 ? Buffer.from(certificate.value) : null;
}

export async function signingBlockCertificate(file: FileHandle, size: number): Promise<Buffer | null> {
  const tailLength = Math.min(size, EOCD_SEARCH);
  const tail = await readAt(file, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const centralDirectory = tail.readUInt32LE(eocd + 16);
  if (centralDirectory < 32 || centralDirectory > size) return null;
  const footer = await readAt(file, centralDirectory - 24, 24);
  if (footer.length < 24 || !footer.subarray(8).equals(MAGIC)) return null;
  const blockSize = Number(footer.readBigUInt64LE(0));
  if (blockSize < 24 || blockSize > MAX_BLOCK || blockSize + 8 > centralDirectory) return null;
  // The whole block: its leading size, the pairs, the trailing size and magic.
  const block = await readAt(file, centralDirectory - blockSize - 8, blockSize + 8);
  const pairsEnd = block.length - 24;
  const found = new Map<number, Buffer>();
  for (let offset = 8; offset + 12 <= pairsEnd; ) {
    const length = Number(block.readBigUInt64LE(offset));
    if (length < 4 || offset + 8 + length > pairsEnd) break;
    found.set(block.readUInt32LE(offset + 8), block.subarray(offset + 12, offset + 8 + length));
    offset += 8 + length;
  }
  for (const id of [V3_ID, V2_ID]) {
    const value = found.get(id);
    const certificate = value && firstCertificate(value);
    if (certificate) return certificate;
  }
  return null;
}
