/**
 * `npm test` after typecheck and lint: the unit and the browser tests side by side. On the 2-core CI
 * machine the browser journeys mostly wait (the identity provider, the dispatcher's 5 s pass), so running
 * them beside the CPU-bound unit tests keeps CI near the longer of the two instead of their sum. Each
 * suite's output is kept whole, so the logs do not interleave, and printed when both have ended, a failed
 * suite last: CI shows the tail of the log, and a failure printed before a long passing suite was lost.
 */ import { spawn } from 'node:child_process';

interface Outcome {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

function run(name: string, script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`${name}: ended after ${seconds} s\n`);
      resolve({ name, code: code ?? 1, output: Buffer.concat(chunks).toString('utf8'), seconds });
    });
  });
}

const outcomes = await Promise.all([run('unit tests', 'test:unit'), run('browser tests', 'test:e2e')]);
const failedLast = [...outcomes].sort((a, b) => Number(a.code !== 0) - Number(b.code !== 0));
for (const { name, code, seconds, output } of failedLast) {
  process.stdout.write(`\n===== ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s =====\n`);
  process.stdout.write(output);
}
for (const { name, code, seconds } of outcomes)
  process.stdout.write(`${name}: ${code === 0 ? 'passed' : 'FAILED'} (${seconds} s)\n`);
process.exitCode = outcomes.every((outcome) => outcome.code === 0) ? 0 : 1;
