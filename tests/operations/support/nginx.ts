import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  /** The proxy's origin, the portal's PUBLIC_URL. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf as the test runs it: its own port and upstream processes, its logs in `folder`,
 * and a response header naming the process that answered (`X-Upstream`, for the test only).
 */
export function nginxConfigFor(listenPort: number, upstreamPorts: readonly number[]): string {
  const reference = readFileSync(path.resolve('deploy/nginx.conf'), 'utf8');
  // The reference's own server parameters (max_fails=0) stay on each line.
  const parameters = reference.match(/server 127\.0\.0\.1:\d+([^;]*);/)?.[1] ?? '';
  const upstreams = upstreamPorts.map((port) => `server 127.0.0.1:${port}${parameters};`).join('\n        ');
  const config = reference
    .replace(/server 127\.0\.0\.1:\d+[^;]*;(\s*server 127\.0\.0\.1:\d+[^;]*;)*/, upstreams)
    .replace(
      /listen 80;/,
      `listen 127.0.0.1:${listenPort};\n        add_header X-Upstream $upstream_addr always;`,
    );
  if (!config.includes(upstreams) || !config.includes(`listen 127.0.0.1:${listenPort}`))
    throw new Error(
      'deploy/nginx.conf no longer has the upstream servers and the listen line the test replaces',
    );
  return config;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** nginx in the foreground with the reference config, its prefix folder `folder`: never the system's service. */
export async function startNginx(
  folder: string,
  listenPort: number,
  upstreamPorts: readonly number[],
): Promise<RunningNginx> {
  if (!existsSync(NGINX))
    throw new Error(`${NGINX} is missing: apt-get install -y nginx-light (.ci/run does)`);
  mkdirSync(path.join(folder, 'logs'), { recursive: true });
  const configFile = path.join(folder, 'nginx.conf');
  writeFileSync(configFile, nginxConfigFor(listenPort, upstreamPorts));
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', `${folder}/`, '-c', configFile, '-e', 'stderr', '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `http://127.0.0.1:${listenPort}`,
    stop: () => {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null) child.kill('SIGQUIT');
      return exited;
    },
  };
}
