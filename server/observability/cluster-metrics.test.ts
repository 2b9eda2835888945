import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

describe('metrics of a node:cluster (WORKERS=N)', () => {
  it('are served once by the primary, summed over the workers', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/cluster-metrics-fixture.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
      });
      const { port } = JSON.parse(line) as { port: number };
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const value = (series: string) =>
        Number(
          text
            .split('\n')
            .find((entry) => entry.startsWith(`${series} `))
            ?.split(' ')[1],
        );
      expect(
        value(
          'http_server_request_duration_seconds_count{http_request_method="GET",http_route="/idp/*",http_response_status_code="200"}',
        ),
      ).toBe(2);
      expect(value('portal_live_streams')).toBe(6);
      // One table seen by both: the larger count, not the sum.
      expect(value('portal_notification_outbox_messages{state="pending"}')).toBe(2);
      expect(value('portal_database_up')).toBe(1);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
