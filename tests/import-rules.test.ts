import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from '../scripts/import-rules';

const trees: string[] = [];

/** A throw-away source tree: file path → content. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  trees.push(root);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

const rulesOf = (root: string): string[] => checkImports(root).map((violation) => violation.rule);

describe('import rules (npm run lint)', () => {
  it('passes a tree where features use shared folders and the app composes them', () => {
    const root = tree({
      'src/ui/sheet.tsx': 'export const Sheet = 1;\n',
      'src/features/a/page.tsx': "import { Sheet } from '../../ui/sheet';\nexport const A = Sheet;\n",
      'src/features/b/page.tsx': "import { Sheet } from '../../ui/sheet';\nexport const B = Sheet;\n",
      'src/app/pages.ts':
        "import { A } from '../features/a/page';\nimport { B } from '../features/b/page';\nexport const all = [A, B];\n",
    });
    expect(checkImports(root)).toEqual([]);
  });

  it('fails on an import from one feature folder into another, type imports included', () => {
    const root = tree({
      'src/features/a/page.tsx': "import type { B } from '../b/page';\nexport type A = B;\n",
      'src/features/b/page.tsx': 'export type B = number;\n',
    });
    expect(checkImports(root)).toEqual([
      expect.objectContaining({ rule: 'feature-boundary', file: 'src/features/a/page.tsx' }),
    ]);
  });

  it('fails on a run-time import cycle, not on one closed only by types or lazy imports', () => {
    const cyclic = tree({
      'server/services/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'server/services/b.ts': "import { c } from './c';\nexport const b = c;\n",
      'server/services/c.ts': "import { a } from './a';\nexport const c = () => a;\n",
    });
    expect(checkImports(cyclic)).toEqual([
      expect.objectContaining({
        rule: 'import-cycle',
        detail: expect.stringContaining('server/services/c.ts'),
      }),
    ]);
    const erased = tree({
      'server/services/a.ts': "import type { B } from './b';\nexport const a = 1 as unknown as B;\n",
      'server/services/b.ts':
        "import { a } from './a';\nexport type B = typeof a;\nexport const lazy = () => import('./c');\n",
      'server/services/c.ts': "import { a } from './a';\nexport const c = a;\n",
    });
    expect(checkImports(erased)).toEqual([]);
  });

  it('fails when a service imports a route module', () => {
    const root = tree({
      'server/routes/reference.ts': 'export const table = [];\n',
      'server/services/records.ts': "import { table } from '../routes/reference';\nexport const t = table;\n",
    });
    expect(rulesOf(root)).toEqual(['services-import-routes']);
  });

  it('fails when run-time code imports the demo seed; main, scripts and tests may', () => {
    const root = tree({
      'server/db/seed/demo-accounts.ts': "export const DEMO_PASSWORD = 'x';\n",
      'server/idp/interaction.ts':
        "import { DEMO_PASSWORD } from '../db/seed/demo-accounts';\nexport const p = DEMO_PASSWORD;\n",
      'server/main.ts':
        "import { DEMO_PASSWORD } from './db/seed/demo-accounts';\nexport const p = DEMO_PASSWORD;\n",
      'scripts/bench.ts':
        "import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';\nexport const p = DEMO_PASSWORD;\n",
      'server/idp/idp.test.ts':
        "import { DEMO_PASSWORD } from '../db/seed/demo-accounts';\nexport const p = DEMO_PASSWORD;\n",
    });
    expect(checkImports(root)).toEqual([
      expect.objectContaining({ rule: 'runtime-imports-seed', file: 'server/idp/interaction.ts' }),
    ]);
  });

  it('fails when a route module imports the schema or drizzle, except in its tests', () => {
    const root = tree({
      'server/db/schema/index.ts': 'export const documents = {};\n',
      'server/routes/documents.ts':
        "import { eq } from 'drizzle-orm';\nimport { documents } from '../db/schema';\nexport const r = [eq, documents];\n",
      'server/routes/documents.test.ts':
        "import { documents } from '../db/schema';\nexport const r = documents;\n",
    });
    expect(checkImports(root).map((violation) => [violation.rule, violation.file])).toEqual([
      ['routes-query-db', 'server/routes/documents.ts'],
      ['routes-query-db', 'server/routes/documents.ts'],
    ]);
  });
});
