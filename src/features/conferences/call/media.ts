/** The own camera and microphone: asking for them, and what a refusal means in words. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type MediaProblem = 'denied' | 'missing' | 'busy' | 'unsupported' | 'failed';

/** Camera and microphone together; a call needs both (either can be turned off once in the call). */
export async function openCameraAndMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MediaAccessError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
    });
  } catch (error) {
    throw new MediaAccessError(problemOf(error));
  }
}

export class MediaAccessError extends Error {
  constructor(readonly problem: MediaProblem) {
    super(problem);
  }
}

function problemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

export const mediaProblemText: Record<MediaProblem, MessageDescriptor> = {
  denied: msg`Hai negato l'accesso a fotocamera e microfono. Consentilo nelle impostazioni del browser per questo sito, poi riprova.`,
  missing: msg`Nessuna fotocamera o nessun microfono trovato. Collega un dispositivo e riprova.`,
  busy: msg`La fotocamera o il microfono sono già in uso da un'altra applicazione. Chiudila e riprova.`,
  unsupported: msg`Questo browser non permette videochiamate su questa connessione. Usa un browser aggiornato.`,
  failed: msg`Impossibile avviare fotocamera e microfono. Riprova.`,
};

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
