import { useCallback, useEffect, useRef, useState } from 'react';
import { MediaAccessError, type MediaProblem, openCameraAndMicrophone, stopStream } from './media';

export interface LocalMedia {
  stream: MediaStream | null;
  problem: MediaProblem | null;
  starting: boolean;
  micOn: boolean;
  cameraOn: boolean;
  retry(): void;
  toggleMic(): void;
  toggleCamera(): void;
}

/** The own camera and microphone for the whole call page; stopped when the page goes. */
export function useLocalMedia(): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [starting, setStarting] = useState(true);
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const current = useRef<MediaStream | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger
  useEffect(() => {
    let cancelled = false;
    setStarting(true);
    setProblem(null);
    openCameraAndMicrophone().then(
      (opened) => {
        if (cancelled) return stopStream(opened);
        current.current = opened;
        setStream(opened);
        setStarting(false);
      },
      (error: unknown) => {
        if (cancelled) return;
        setProblem(error instanceof MediaAccessError ? error.problem : 'failed');
        setStarting(false);
      },
    );
    return () => {
      cancelled = true;
      stopStream(current.current);
      current.current = null;
    };
  }, [attempt]);

  // Turning a track off sends silence or black to the other side; no new negotiation is needed.
  const toggleMic = useCallback(() => {
    setMicOn((on) => {
      for (const track of current.current?.getAudioTracks() ?? []) track.enabled = !on;
      return !on;
    });
  }, []);
  const toggleCamera = useCallback(() => {
    setCameraOn((on) => {
      for (const track of current.current?.getVideoTracks() ?? []) track.enabled = !on;
      return !on;
    });
  }, []);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  return { stream, problem, starting, micOn, cameraOn, retry, toggleMic, toggleCamera };
}
