import { BackupError } from './target';

/** Runs a command's body: a BackupError is one line on stderr, anything else its message; both exit 1. */
export async function runCommand(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name} failed: ${message}\n`);
    if (!(error instanceof BackupError) && process.env.LOG_LEVEL === 'debug')
      process.stderr.write(`${(error as Error).stack}\n`);
    process.exitCode = 1;
  }
}

export const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;
