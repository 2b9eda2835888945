import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { minimumNodeMajor, nodeVersionRefusal } from './node-version';

/** The server refuses a Node older than package.json's engines, in one line, before anything else runs. */
const scratch = mkdtempSync(path.join(tmpdir(), 'node-version-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const tsx = path.resolve('node_modules/.bin/tsx');
/** PATH without node_modules/.bin, so a script's `#!/usr/bin/env node` finds the machine's own Node. */
const machinePath = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => dir !== '' && !dir.includes('node_modules'))
  .join(path.delimiter);

function machineNode(): string | null {
  for (const dir of machinePath.split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The server's own environment, away from the port and data of anything else running. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: path.join(scratch, 'data'),
        DATABASE_URL: '',
        STATIC_DIR: path.join(scratch, 'no-static'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs the script in a child Node, which must end with it.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // A server that did start would never exit by itself: end it, the assertions then say what ran.
    const stop = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 40_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(stop);
      resolve({ code, stdout, stderr });
    });
  });
}

const refusalLine = (version: string): string => `Refusing to start: ${nodeVersionRefusal(version)}\n`;

describe('node version check', () => {
  it('refuses below the engines floor and names the Node to use', () => {
    expect(nodeVersionRefusal('20.20.2')).toContain('Node 20.20.2 is older than the Node 24');
    expect(nodeVersionRefusal('20.20.2')).toContain('npm start');
    expect(nodeVersionRefusal('20.20.2')).toContain('node_modules/.bin/node');
    expect(nodeVersionRefusal('23.11.1')).not.toBeNull();
    expect(nodeVersionRefusal('24.0.0')).toBeNull();
    expect(nodeVersionRefusal('25.2.1')).toBeNull();
  });

  it('holds the same floor as package.json engines', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe(`>=${minimumNodeMajor}`);
  });

  it('is the first module server/main.ts imports', () => {
    const firstImport = readFileSync('server/main.ts', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('import '));
    expect(firstImport).toBe("import './require-supported-node';");
  });

  it('stops server/main.ts on an old Node with one line and exit 1, before the database opens', async () => {
    // Node 24 told it is 20.20.2: the refusal path on any machine, whatever its own Node.
    const pretend = path.join(scratch, 'pretend-node-20.mjs');
    writeFileSync(pretend, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });\n");
    const outcome = await run(process.execPath, ['--import', pretend, '--import', 'tsx', 'server/main.ts']);
    expect(outcome).toEqual({ code: 1, stdout: '', stderr: refusalLine('20.20.2') });
  }, 60_000);

  it("answers the machine's own Node as its version deserves (node_modules/.bin/tsx outside npm)", async () => {
    const node = machineNode();
    expect(node, 'npm needs a Node of its own on the machine').not.toBeNull();
    const version = spawnSync(node ?? 'node', ['--version'], { encoding: 'utf8' })
      .stdout.trim()
      .slice(1);
    const env = { PATH: machinePath };
    if (nodeVersionRefusal(version)) {
      // The case that started it: the shebang finds the machine's Node 20, which used to start a broken server.
      const outcome = await run(tsx, ['server/main.ts'], env);
      expect(outcome).toEqual({ code: 1, stdout: '', stderr: refusalLine(version) });
    } else {
      const outcome = await run(tsx, ['server/require-supported-node.ts'], env);
      expect(outcome).toEqual({ code: 0, stdout: '', stderr: '' });
    }
  }, 60_000);

  it('lets the Node 24 from node_modules through', async () => {
    const outcome = await run(process.execPath, ['--import', 'tsx', 'server/require-supported-node.ts']);
    expect(outcome).toEqual({ code: 0, stdout: '', stderr: '' });
  }, 60_000);
});
