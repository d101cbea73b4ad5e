/*
 * OpenSSL's own hash-and-sign of a 1 KB message, per message through the EVP API exactly as `openssl dgst -sign`
 * does for its one file and as Node's crypto.sign does: a fresh EVP_MD_CTX, EVP_DigestSignInit, EVP_DigestSign,
 * free. Used by signing.ts (when a C compiler and the OpenSSL headers are present) to tell how much of the gap to
 * `openssl speed` (which signs a precomputed digest with one long-lived context) is OpenSSL's per-message cost and
 * how much is Node's.
 *
 *   cc -O2 -o signing-evp signing-evp.c -lcrypto
 *   ./signing-evp <private key PEM> <digest: sha256 | sm3 | …> <cpu seconds>
 *
 * Prints signatures per CPU second (user + system, as Keel's side is measured). SM2 keys sign with the GM/T default
 * user id 1234567812345678, as Keel does.
 */
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static double cpu(void) {
  struct rusage r;
  getrusage(RUSAGE_SELF, &r);
  return r.ru_utime.tv_sec + r.ru_utime.tv_usec / 1e6 + r.ru_stime.tv_sec + r.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s key.pem digest seconds\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  if (!f) return 2;
  EVP_PKEY *key = PEM_read_PrivateKey(f, NULL, NULL, NULL);
  fclose(f);
  const EVP_MD *md = EVP_get_digestbyname(argv[2]);
  if (!key || !md) return 2;
  int sm2 = EVP_PKEY_is_a(key, "SM2");
  static const char id[] = "1234567812345678";
  unsigned char msg[1024], sig[1024];
  memset(msg, 7, sizeof msg);
  double seconds = atof(argv[3]);
  long n = 0;
  double start = cpu();
  while (cpu() - start < seconds) {
    for (int i = 0; i < 50; i++, n++) {
      EVP_MD_CTX *ctx = EVP_MD_CTX_new();
      EVP_PKEY_CTX *pctx = NULL;
      size_t len = sizeof sig;
      if (EVP_DigestSignInit(ctx, &pctx, md, NULL, key) != 1) return 1;
      if (sm2 && EVP_PKEY_CTX_set1_id(pctx, id, sizeof id - 1) != 1) return 1;
      if (EVP_DigestSign(ctx, sig, &len, msg, sizeof msg) != 1) return 1;
      EVP_MD_CTX_free(ctx);
    }
  }
  printf("%.1f\n", n / (cpu() - start));
  EVP_PKEY_free(key);
  return 0;
}
