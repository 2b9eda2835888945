/**
 * Reads the timeline's reply off the page's thread: the page fetches it with its own API client (tokens,
 * DPoP) and hands the bytes over; this parses, checks, sorts and returns columns (dossier-reply.ts).
 */
import { readDossierReply, transferables } from './dossier-reply';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null;
  postMessage: (message: unknown, transfer: Transferable[]) => void;
}

// The DOM library types `self` as a window; in a dedicated worker it is the worker's scope.
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const result = readDossierReply(event.data);
  scope.postMessage(result, result.ok ? transferables(result.columns) : []);
};
