/**
 * The writes a patient makes, through the portal's HTTP API with a real login: a message, an upload, a
 * consent signed with PIN and SMS code. Each returns the reply and the id of what was written (when 2xx),
 * so a test can look for every acknowledged write in the database afterwards.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { signIn } from '../../../bench/login';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo-accounts';
import { DEMO_SIGNING_PIN } from '../../../server/db/seed/signing';

export interface Written {
  status: number;
  /** The reply's error code, when it is an ErrorReply. */
  code?: string;
  /** The id of the row written, when the reply acknowledged it. */
  id?: number;
}

export async function smallPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc
    .addPage([595, 842])
    .drawText(text, { x: 50, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

export class PatientSession {
  private constructor(
    readonly base: string,
    readonly username: string,
    private token: string,
  ) {}

  static async signIn(base: string, username: string): Promise<PatientSession> {
    return new PatientSession(base, username, await signIn(base, username, DEMO_PASSWORD));
  }

  call(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${this.token}`, 'Accept-Language': 'it-IT', ...init.headers },
      signal: init.signal ?? AbortSignal.timeout(20_000),
    });
  }

  private async written(
    response: Response,
    id: (body: Record<string, unknown>) => unknown,
  ): Promise<Written> {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status >= 300) return { status: response.status, code: String(body.code ?? '') };
    return { status: response.status, id: Number(id(body)) };
  }

  private json(method: string, body: unknown): RequestInit {
    return { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
  }

  async me(): Promise<{ patientId: number }> {
    return (await (await this.call('/api/me')).json()) as { patientId: number };
  }

  async firstRecipient(): Promise<number> {
    const reply = (await (await this.call('/api/messages/recipientList')).json()) as {
      recipients: { id: number }[];
    };
    const id = reply.recipients[0]?.id;
    if (id === undefined) throw new Error(`${this.username} has nobody to write to`);
    return id;
  }

  async sendMessage(recipientId: number, subject: string): Promise<Written> {
    const form = new FormData();
    form.append('recipientIds', String(recipientId));
    form.append('subject', subject);
    form.append('body', 'Buongiorno, le scrivo per il controllo.');
    return this.written(await this.call('/api/messages', { method: 'POST', body: form }), (body) => body.id);
  }

  async upload(pdf: Uint8Array, title: string): Promise<Written> {
    const form = new FormData();
    form.append('documentType', 'EXT_REPORT');
    form.append('title', title);
    form.append('file', new File([new Uint8Array(pdf)], 'referto.pdf', { type: 'application/pdf' }));
    return this.written(
      await this.call('/api/uploadedDocuments', { method: 'POST', body: form }),
      (body) => body.id,
    );
  }

  /** The latest code sent to this user's phone (the demo outbox, as a person reads the SMS). */
  private async smsCode(): Promise<string> {
    const response = await fetch(`${this.base}/dev/sms.json?username=${encodeURIComponent(this.username)}`);
    const { messages } = (await response.json()) as { messages: { body: string }[] };
    const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no SMS code for ${this.username}`);
    return code;
  }

  /**
   * The whole signing ceremony of a consent: prepare, PIN then SMS code, sign. Returns the reply of the
   * last step, acknowledged with the signed document's id.
   */
  async signConsent(
    patientId: number,
    consentCode: string,
    jsonData: Record<string, unknown>,
  ): Promise<Written> {
    const prepared = await this.call(
      `/api/patients/${patientId}/prepareConsensus`,
      this.json('POST', { consents: [{ consentCode, action: 'give', jsonData }], signer: { type: 'self' } }),
    );
    if (prepared.status !== 200) return this.written(prepared, () => 0);
    const { documentIds } = (await prepared.json()) as { documentIds: number[] };
    const otp = await this.call('/api/sign/otp', this.json('POST', { documentIds, pin: DEMO_SIGNING_PIN }));
    if (otp.status !== 200) return this.written(otp, () => 0);
    await otp.arrayBuffer();
    const signed = await this.call(
      '/api/sign/sync',
      this.json('PUT', { documentIds, pin: DEMO_SIGNING_PIN, otp: await this.smsCode() }),
    );
    return this.written(signed, (body) => (body.signedDocumentIds as number[] | undefined)?.[0]);
  }
}
