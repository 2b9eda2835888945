/**
 * The oldest Node the server runs on: package.json's `engines` (a test keeps the two equal). Older ones
 * start and then fail far from the cause (Node 20 has no `Map.groupBy`, so the notification dispatcher
 * throws every pass and no push ever leaves).
 */
export const minimumNodeMajor = 24;

/** Why the server must not start on `version` (a `process.versions.node`), or null when it may. */
export function nodeVersionRefusal(version: string): string | null {
  const major = Number.parseInt(version, 10);
  if (major >= minimumNodeMajor) return null;
  return (
    `Node ${version} is older than the Node ${minimumNodeMajor} this server needs: start it with npm start ` +
    `or npm run serve, which run on node_modules/.bin/node (Node ${minimumNodeMajor}, installed by npm ci), ` +
    'or run node_modules/.bin/node --import tsx server/main.ts.'
  );
}
