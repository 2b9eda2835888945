import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports, unitOf } from '../tools/import-rules';

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
    // Only the run-time cycle rule: the file-circle rule (type-only and lazy imports too) has its own test.
    const runtimeOnly = { knotRuleRoots: [] };
    expect(checkImports(cyclic, runtimeOnly)).toEqual([
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
    expect(checkImports(erased, runtimeOnly)).toEqual([]);
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
      'bench/run.ts':
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

  it('counts folders as units: features and service areas one each, flat files their own', () => {
    expect(unitOf('src/features/pai/page.tsx')).toBe('src/features/pai');
    expect(unitOf('src/ui/help/help-modal.tsx')).toBe('src/ui');
    expect(unitOf('server/services/signing/ceremony.ts')).toBe('server/services/signing');
    expect(unitOf('server/services/users.ts')).toBe('server/services/users.ts');
    expect(unitOf('server/db/schema/users.ts')).toBe('server/db/schema');
    expect(unitOf('server/idp/rate-limit.ts')).toBe('server/idp');
    expect(unitOf('server/app.ts')).toBe('server/app.ts');
    expect(unitOf('bench/run.ts')).toBeUndefined();
  });

  it('fails on server folders that import each other at run time through different files', () => {
    const root = tree({
      'server/services/a/one.ts': "import { two } from '../b/two';\nexport const one = two;\n",
      'server/services/a/three.ts': 'export const three = 3;\n',
      'server/services/b/two.ts': 'export const two = 2;\n',
      'server/services/b/four.ts': "import { three } from '../a/three';\nexport const four = three;\n",
    });
    expect(checkImports(root)).toEqual([
      expect.objectContaining({
        rule: 'folder-cycle',
        detail: expect.stringContaining('server/services/a -> server/services/b'),
      }),
    ]);
    expect(checkImports(root, { pendingUnitEdges: [['server/services/b', 'server/services/a']] })).toEqual(
      [],
    );
  });

  it('does not count a folder cycle closed by types, lazy imports or tests', () => {
    const root = tree({
      'server/services/a/one.ts': "import { two } from '../b/two';\nexport const one = two;\n",
      'server/services/a/three.ts': 'export const three = 3;\n',
      'server/services/b/two.ts': "export const two = 2;\nexport const lazy = () => import('../a/three');\n",
      'server/services/b/two.test.ts': "import { three } from '../a/three';\nexport const t = three;\n",
    });
    expect(checkImports(root)).toEqual([]);
  });

  it('fails on a file circle on the server even when closed only by types or lazy imports', () => {
    const root = tree({
      'server/app-env.ts': "import type { Row } from './services/users';\nexport type Env = { user: Row };\n",
      'server/services/users.ts':
        "import type { Env } from '../app-env';\nexport type Row = { id: string };\nexport type E = Env;\n",
      'server/idp/a.ts': "export const a = () => import('./b');\n",
      'server/idp/b.ts': "import { a } from './a';\nexport const b = a;\n",
    });
    expect(checkImports(root).map((violation) => [violation.rule, violation.file])).toEqual([
      ['file-circle', 'server/app-env.ts'],
      ['file-circle', 'server/idp/a.ts'],
    ]);
  });

  it('holds the portal (src/) to the knot rules as well as the server, and only the roots it is given', () => {
    const root = tree({
      'src/api/client.ts': "import type { Session } from '../auth/session';\nexport type C = Session;\n",
      'src/auth/session.ts':
        "import { request } from '../api/request';\nexport type Session = typeof request;\n",
      'src/api/request.ts':
        "import type { C } from './client';\nexport const request = 1;\nexport type R = C;\n",
      'src/auth/logout.ts': "import { request } from '../api/request';\nexport const logout = request;\n",
      'src/api/sign-out.ts': "import { logout } from '../auth/logout';\nexport const signOut = logout;\n",
    });
    expect(checkImports(root, { knotRuleRoots: ['server/'] })).toEqual([]);
    expect(checkImports(root).map((violation) => violation.rule)).toEqual(['folder-cycle', 'file-circle']);
  });
});
