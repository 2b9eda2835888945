import type { JSX } from 'react';
import { useEffect, useRef } from 'react';

/** A <video> playing a MediaStream; the own one is muted (no echo) and mirrored, as people expect. */
export function StreamVideo({
  stream,
  own,
  label,
  className,
}: {
  stream: MediaStream | null;
  own?: boolean;
  label: string;
  className?: string;
}): JSX.Element {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={video}
      className={`call-video ${own ? 'call-video-own' : 'call-video-remote'} ${className ?? ''}`}
      data-testid={own ? 'local-video' : 'remote-video'}
      aria-label={label}
      autoPlay
      playsInline
      muted={own}
    />
  );
}
