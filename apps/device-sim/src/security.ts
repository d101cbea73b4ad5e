import type { KeelCommand } from './commands';
import { FuncTokenVerifier, type SecurityCertificates, SeenNonces, type TokenRefusal } from './func-token';

/**
 * The security chain as a simulated device takes part in it (apps/server/src/modules/security-chain/README.md): it
 * fetches the certificates once (`…/keelSecurity/certificate`, again with its ETag when a token names a key it does
 * not hold), verifies function authorisations offline (func-token.ts), answers routed commands (the Keel command
 * `securityCommand`: the token checked for itself and the function it names; the function "runs" and the device
 * answers one of its response codes as the first line of the feedback's details) and reports uses of tokens given to
 * it otherwise (`…/keelSecurity/uses`).
 */

export interface SecurityBehaviour {
  /** The response code a device answers when a token holds (default `ok`, else the function's first response). */
  responseCode?: string;
  /** The response code it answers when it refuses a token (default `refused`, when the function has it). */
  refusalCode?: string;
}

export interface SecurityCounters {
  /** Routed commands answered (the server took the answer); tokens the device refused offline; uses reported. */
  securityCommands: number;
  securityRefusals: number;
  securityUses: number;
}

/** One device's security state: its certificates, the verifier and the nonces it accepted. */
export class DeviceSecurity {
  private certificates: SecurityCertificates | null = null;
  private etag: string | undefined;
  private verifier: FuncTokenVerifier | null = null;
  private readonly seen = new SeenNonces();

  constructor(
    /** The device's DDI base URL (`…/controller/v1/{id}`) and credential header. */
    private readonly base: string,
    private readonly authorization: string,
    private readonly property: string,
    private readonly deviceId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Fetches the certificates (with the last ETag); whether the device holds some. */
  async refresh(signal: AbortSignal): Promise<boolean> {
    const res = await fetch(`${this.base}/keelSecurity/certificate`, {
      headers: {
        authorization: this.authorization,
        accept: 'application/json',
        ...(this.etag ? { 'if-none-match': this.etag } : {}),
      },
      signal,
    });
    if (res.status === 200) {
      this.certificates = (await res.json()) as SecurityCertificates;
      this.etag = res.headers.get('etag') ?? undefined;
      this.verifier = new FuncTokenVerifier(this.certificates, this.seen);
    } else await res.arrayBuffer();
    return this.verifier !== null;
  }

  /** Verifies a token for this device and a function, fetching the certificates first if needed. */
  async verify(
    token: string,
    func: { code: string; id?: string },
    signal: AbortSignal,
  ): Promise<{ ok: true } | { ok: false; reason: TokenRefusal | 'noCertificate' }> {
    if (!this.verifier && !(await this.refresh(signal))) return { ok: false, reason: 'noCertificate' };
    const expect = { property: this.property, deviceId: this.deviceId, funcCode: func.code, funcId: func.id };
    let out = this.verifier?.verify(token, { ...expect, now: this.now() });
    // A key the device does not hold yet (a new algorithm, a renewed certificate): fetch again, once.
    if (out && !out.ok && out.reason === 'unknownKey' && (await this.refresh(signal)))
      out = this.verifier?.verify(token, { ...expect, now: this.now() });
    if (!out) return { ok: false, reason: 'noCertificate' };
    return out.ok ? { ok: true } : { ok: false, reason: out.reason };
  }

  /** The answer to a routed command (`securityCommand`): the response code first, then what happened. */
  async answerCommand(
    command: KeelCommand,
    behaviour: SecurityBehaviour,
    counters: Pick<SecurityCounters, 'securityRefusals'>,
    signal: AbortSignal,
  ): Promise<{ finished: 'success' | 'failure'; details: string[] }> {
    const p = command.payload;
    const funcCode = String(p.funcCode ?? '');
    const codes = Array.isArray(p.responseCodes) ? p.responseCodes.map(String) : [];
    const checked = await this.verify(
      String(p.token ?? ''),
      { code: funcCode, id: typeof p.funcId === 'string' ? p.funcId : undefined },
      signal,
    );
    if (!checked.ok) {
      counters.securityRefusals += 1;
      const refusal = behaviour.refusalCode ?? 'refused';
      return {
        finished: 'failure',
        details: [codes.includes(refusal) ? refusal : '', `token refused: ${checked.reason}`],
      };
    }
    const wanted = behaviour.responseCode ?? 'ok';
    const code = codes.includes(wanted) ? wanted : (codes[0] ?? '');
    const argument = String(p.argument ?? '');
    return { finished: 'success', details: [code, `ran ${funcCode}${argument ? ` with ${argument}` : ''}`] };
  }

  /**
   * Uses a token given to the device otherwise (a technician's tool): verifies it offline and, when it holds, reports
   * the use with a response code. The HTTP status of the report (0 when the token was refused, with the reason).
   */
  async useToken(
    token: string,
    funcCode: string,
    responseCode: string,
    counters: SecurityCounters,
    signal: AbortSignal,
  ): Promise<{ status: number; reason?: string }> {
    const checked = await this.verify(token, { code: funcCode }, signal);
    if (!checked.ok) {
      counters.securityRefusals += 1;
      return { status: 0, reason: checked.reason };
    }
    const res = await fetch(`${this.base}/keelSecurity/uses`, {
      method: 'POST',
      headers: { authorization: this.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ token, funcCode, responseCode }),
      signal,
    });
    await res.arrayBuffer();
    if (res.status === 200) counters.securityUses += 1;
    return { status: res.status };
  }
}
