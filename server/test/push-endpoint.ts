import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

export interface ReceivedPush {
  path: string;
  plaintext: string;
  /** The VAPID JWT's claims, verified with the key in the `Authorization: vapid k=` header. */
  vapid: { aud: string; sub: string; publicKey: string };
  ttl: string | null;
}

export interface LocalPushService {
  origin: string;
  /** A new device: its subscription as `PushSubscription.toJSON()` gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Endpoint paths the service answers 410 Gone (an unsubscribed browser). */
  gone: Set<string>;
  close(): Promise<void>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 (aes128gcm, RFC 8188), decrypted by hand: an independent check of what web-push encrypts. */
function decrypt(body: Buffer, receiver: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

async function verifyVapid(header: string | undefined, audience: string): Promise<ReceivedPush['vapid']> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${header}`);
  const raw = Buffer.from(match[2], 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) };
  const { payload } = await jwtVerify(match[1], await importJWK(jwk, 'ES256'), { audience });
  return { aud: String(payload.aud), sub: String(payload.sub), publicKey: match[2] };
}

/** A push service on 127.0.0.1 that decrypts what it receives, as a browser's would. */
export async function startLocalPushService(port = 0): Promise<LocalPushService> {
  const devices = new Map<string, { receiver: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = request.url ?? '';
      const device = devices.get(path);
      if (!device || gone.has(path)) return void response.writeHead(410).end();
      try {
        const vapid = await verifyVapid(request.headers.authorization, origin);
        const plaintext = decrypt(Buffer.concat(chunks), device.receiver, device.auth);
        received.push({ path, plaintext, vapid, ttl: request.headers.ttl?.toString() ?? null });
        response.writeHead(201).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    gone,
    subscribe() {
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      devices.set(path, { receiver, auth });
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: b64(receiver.getPublicKey()), auth: b64(auth) },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
