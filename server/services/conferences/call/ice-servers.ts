import * as v from 'valibot';
import { IceServer } from '../../../../src/contract';

/**
 * `ICE_SERVERS`: a JSON array of STUN/TURN servers as RTCPeerConnection takes them, e.g.
 * `[{"urls":"stun:stun.example.org"},{"urls":"turn:turn.example.org","username":"u","credential":"p"}]`.
 * Empty by default: host candidates connect two browsers on one machine or one network. A value that
 * is not such an array stops the server at start rather than leaving calls silently unconnectable.
 */
export function parseIceServers(value: string | undefined): IceServer[] {
  if (!value?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('ICE_SERVERS is not JSON');
  }
  const result = v.safeParse(v.array(IceServer), parsed);
  if (!result.success) throw new Error('ICE_SERVERS must be an array of {urls, username?, credential?}');
  return result.output;
}
