import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
export interface Device {
  ecdh: ECDH;
  auth: Buffer;
  endpoint: string;
}

/** A new browser subscribed at `endpoint`. */
export function device(endpoint: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16), endpoint };
}

/** The subscription's JSON as the browser's PushSubscription.toJSON() gives it. */
export function subscription(d: Device) {
  return { endpoint: d.endpoint, expirationTime: null, keys: { p256dh: d.ecdh.getPublicKey().toString('base64url'), auth: d.auth.toString('base64url') } };
}

/** Decrypts an aes128gcm push body (RFC 8188) with the device's keys (RFC 8291). */
export function decrypt(body: Buffer, d: Device): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const secret = d.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, d.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}
