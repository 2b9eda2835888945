import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';

/** 0..1, how loud the microphone is now: the person sees that it hears them before joining. */
function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const tick = (): void => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream]);
  return level;
}

export function MicLevel({ stream }: { stream: MediaStream | null }): JSX.Element {
  const { t } = useLingui();
  const level = Math.round(useMicLevel(stream) * 100);
  return (
    <div className="call-mic">
      <span id="call-mic-label">{t`Livello del microfono`}</span>
      <meter
        className="call-mic-meter"
        aria-labelledby="call-mic-label"
        min={0}
        max={100}
        low={10}
        value={level}
      />
    </div>
  );
}
