import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite';
import base from './vite.config';

const report: Plugin = {
  name: 'report',
  generateBundle(_o, bundle) {
    const out: Record<string, { file: string; mods: [string, number, number][] }> = {};
    for (const [file, chunk] of Object.entries(bundle)) {
      if (chunk.type !== 'chunk') continue;
      out[file] = {
        file,
        mods: Object.entries(chunk.modules).map(([id, m]) => [
          id,
          m.renderedLength,
          m.code ? gzipSync(m.code).length : 0,
        ]),
      };
    }
    writeFileSync(process.env.REPORT ?? '/tmp/bundle-an/report.json', JSON.stringify(out));
  },
};
export default defineConfig((env) =>
  mergeConfig((base as (e: typeof env) => UserConfig)(env), { plugins: [report] }),
);
