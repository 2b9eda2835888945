import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaAccessError, openCameraAndMicrophone } from './media';

const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');

function withGetUserMedia(impl: (() => Promise<MediaStream>) | undefined): void {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: impl ? { getUserMedia: vi.fn(impl) } : undefined,
  });
}

async function problemOf(): Promise<string> {
  try {
    await openCameraAndMicrophone();
    return 'none';
  } catch (error) {
    return error instanceof MediaAccessError ? error.problem : 'other';
  }
}

describe('asking for camera and microphone', () => {
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'mediaDevices', original);
    else Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'busy'],
    ['TypeError', 'failed'],
  ])('says %s as %s', async (name, problem) => {
    withGetUserMedia(() => Promise.reject(new DOMException('no', name)));
    expect(await problemOf()).toBe(problem);
  });

  it('says when the browser has no media devices (an insecure page)', async () => {
    withGetUserMedia(undefined);
    expect(await problemOf()).toBe('unsupported');
  });

  it('asks for both at once and gives the stream back', async () => {
    const stream = {} as MediaStream;
    withGetUserMedia(() => Promise.resolve(stream));
    await expect(openCameraAndMicrophone()).resolves.toBe(stream);
    const call = vi.mocked(navigator.mediaDevices.getUserMedia).mock.calls[0]?.[0];
    expect(call).toMatchObject({ audio: expect.anything(), video: expect.anything() });
  });
});
