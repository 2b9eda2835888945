import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { parseIceServers } from './ice-servers';

describe('ICE_SERVERS', () => {
  it('is empty by default and when blank', () => {
    expect(parseIceServers(undefined)).toEqual([]);
    expect(parseIceServers('  ')).toEqual([]);
    expect(loadConfig({}).iceServers).toEqual([]);
  });

  it('takes STUN and TURN servers as RTCPeerConnection does', () => {
    const value =
      '[{"urls":"stun:stun.example.org"},{"urls":["turn:t.example.org"],"username":"u","credential":"p"}]';
    expect(loadConfig({ ICE_SERVERS: value }).iceServers).toEqual([
      { urls: 'stun:stun.example.org' },
      { urls: ['turn:t.example.org'], username: 'u', credential: 'p' },
    ]);
  });

  it('refuses to start on a value that is not such a list', () => {
    expect(() => parseIceServers('stun:stun.example.org')).toThrow(/not JSON/);
    expect(() => parseIceServers('{"urls":"stun:x"}')).toThrow(/array/);
    expect(() => parseIceServers('[{"url":"stun:x"}]')).toThrow(/array/);
  });
});
