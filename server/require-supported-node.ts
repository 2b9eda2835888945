/**
 * Imported first by every entry point (`server/main.ts`): ES modules evaluate in import order, so this
 * refuses an old Node before any other module runs. A plain stderr line, not the JSON logger, which is
 * not loaded yet and which an operator starting the process by hand may not be reading.
 */
import { nodeVersionRefusal } from './node-version';

const refusal = nodeVersionRefusal(process.versions.node);
if (refusal) {
  process.stderr.write(`Refusing to start: ${refusal}\n`);
  process.exit(1);
}
