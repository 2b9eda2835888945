/**
 * One request for the readers of one endpoint: the reads of a key asked in the same task (the badges of one
 * navigation, the lists one live change reloads) share the request and its answer. A read asked later starts
 * a new request, so a reader that asks after a change never gets an answer from before it.
 */
const pending = new Map<string, Promise<unknown>>();

export function sharedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const running = pending.get(key);
  // The same key is the same endpoint with the same reply schema, so its answer is a T.
  if (running) return running as Promise<T>;
  const request = load();
  pending.set(key, request);
  const forget = (): void => {
    if (pending.get(key) === request) pending.delete(key);
  };
  setTimeout(forget, 0);
  request.then(forget, forget);
  return request;
}
