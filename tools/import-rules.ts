/**
 * The import rules that keep the layers apart, checked over the source tree by `npm run lint`
 * (tools/check-imports.ts). Biome checks each file alone; these rules need the whole import graph.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` / `export type`: erased at build time, so it cannot close a run-time cycle. */
  typeOnly: boolean;
  /** `import('…')`: loaded later, so it does not close a module-evaluation cycle either. */
  dynamic: boolean;
}

export interface Violation {
  rule:
    | 'feature-boundary'
    | 'import-cycle'
    | 'services-import-routes'
    | 'runtime-imports-seed'
    | 'routes-query-db'
    | 'folder-cycle'
    | 'file-circle';
  file: string;
  detail: string;
}

const SOURCE_ROOTS = ['src', 'server', 'build', 'bench', 'tools', 'tests', 'e2e'];
const EXTENSIONS = ['.ts', '.tsx'];

/** Every .ts/.tsx file under the source roots, as paths relative to `root` with forward slashes. */
export function listSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(path.join(root, dir))) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const relative = `${dir}/${name}`;
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')) files.push(relative);
    }
  };
  for (const dir of SOURCE_ROOTS) if (existsSync(path.join(root, dir))) walk(dir);
  return files.sort();
}

function resolveRelative(root: string, from: string, specifier: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  return candidates.find(
    (candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile(),
  );
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0
    ? bindings.elements.every((element) => element.isTypeOnly)
    : false;
}

/** The imports of one file: project modules by path, packages as `package:<name>` (leaves of the graph). */
export function importsOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean): void => {
    if (!specifier.startsWith('.')) {
      edges.push({ from: file, to: `package:${specifier}`, typeOnly, dynamic });
      return;
    }
    const to = resolveRelative(root, file, specifier.split('?')[0] ?? specifier);
    if (to) edges.push({ from: file, to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node), false);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const featureOf = (file: string): string | undefined => /^src\/features\/([^/]+)\//.exec(file)?.[1];
const isTest = (file: string): boolean =>
  /\.(test|spec)\.tsx?$/.test(file) ||
  /\.fixtures?\.tsx?$/.test(file) ||
  /^(tests|e2e|server\/test|src\/test)\//.test(file);

/** The rules about single edges: which layer may import which. */
export function edgeViolations(edge: ImportEdge): Violation[] {
  const { from, to } = edge;
  const found: Violation[] = [];
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    found.push({
      rule: 'feature-boundary',
      file: from,
      detail: `imports ${to}: features never import each other; move the shared piece out of src/features or compose in src/app`,
    });
  }
  if (from.startsWith('server/services/') && to.startsWith('server/routes/')) {
    found.push({
      rule: 'services-import-routes',
      file: from,
      detail: `imports ${to}: routes call services, never the reverse`,
    });
  }
  const seedAllowed =
    from.startsWith('server/db/seed/') ||
    from === 'server/main.ts' ||
    from.startsWith('bench/') ||
    from.startsWith('tools/') ||
    isTest(from);
  if (to.startsWith('server/db/seed/') && !seedAllowed) {
    found.push({
      rule: 'runtime-imports-seed',
      file: from,
      detail: `imports ${to}: demo data is for the seed, not for run-time code`,
    });
  }
  // A row type (`import type { UserRow }`) describes data the route is handed; only values query.
  const queriesDatabase =
    (to.startsWith('server/db/schema') && !edge.typeOnly) || to.startsWith('package:drizzle-orm');
  if (from.startsWith('server/routes/') && !isTest(from) && queriesDatabase) {
    found.push({
      rule: 'routes-query-db',
      file: from,
      detail: `imports ${to}: routes hold HTTP only; queries live in services`,
    });
  }
  return found;
}

/** Strongly connected components of the run-time import graph with more than one module (Tarjan). */
export function runtimeCycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly || edge.dynamic) continue;
    graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

/**
 * The unit a file belongs to when folders are counted: each `src/<folder>`, `src/features/<area>`,
 * `server/<folder>`, `server/services/<area>` and `server/db/<part>`; a flat file at one of those levels is its
 * own unit. Files outside src/ and server/ (scripts, tests) belong to none.
 */
export function unitOf(file: string): string | undefined {
  const parts = file.split('/');
  const [top, second] = parts;
  if (top !== 'src' && top !== 'server') return undefined;
  const depth =
    (top === 'src' && second === 'features') ||
    (top === 'server' && (second === 'services' || second === 'db'))
      ? 3
      : 2;
  return parts.length > depth ? parts.slice(0, depth).join('/') : file;
}

/** The module graph the running product is made of: tests, fixtures and test helpers left out. */
const productEdges = (edges: readonly ImportEdge[]): ImportEdge[] =>
  edges.filter((edge) => !isTest(edge.from) && !isTest(edge.to));

/**
 * Units that import each other at run time, one list per knot. `ignoredUnitEdges` are unit edges left out of
 * the count while another change unties them (see PENDING_UNIT_EDGES).
 */
export function folderCycles(
  edges: readonly ImportEdge[],
  ignoredUnitEdges: ReadonlyArray<readonly [string, string]> = [],
): string[][] {
  const ignored = new Set(ignoredUnitEdges.map(([from, to]) => `${from} ${to}`));
  const unitEdges: ImportEdge[] = [];
  for (const edge of productEdges(edges)) {
    const from = unitOf(edge.from);
    const to = unitOf(edge.to);
    if (from && to && from !== to && !ignored.has(`${from} ${to}`)) unitEdges.push({ ...edge, from, to });
  }
  return runtimeCycles(unitEdges);
}

/** Files that import each other in a circle even when type-only and lazy imports count. */
export function fileCircles(edges: readonly ImportEdge[]): string[][] {
  return runtimeCycles(productEdges(edges).map((edge) => ({ ...edge, typeOnly: false, dynamic: false })));
}

/**
 * Where the two knot rules hold: the server and the portal.
 */
export const KNOT_RULE_ROOTS: readonly string[] = ['server/', 'src/'];

/**
 * Unit edges the folder-cycle rule does not count yet, each with the change that removes it. Keep this list
 * empty: an entry is a knot the lint has agreed to wait for.
 */
export const PENDING_UNIT_EDGES: ReadonlyArray<readonly [string, string]> = [];

export interface CheckOptions {
  knotRuleRoots?: readonly string[];
  pendingUnitEdges?: ReadonlyArray<readonly [string, string]>;
}

/** Every violation in the tree under `root`. */
export function checkImports(root: string, options: CheckOptions = {}): Violation[] {
  const knotRoots = options.knotRuleRoots ?? KNOT_RULE_ROOTS;
  const underKnotRule = (members: string[]): boolean =>
    members.some((member) => knotRoots.some((knotRoot) => member.startsWith(knotRoot)));
  const edges = listSourceFiles(root).flatMap((file) => importsOf(root, file));
  const seen = new Set<string>();
  const violations = edges.flatMap(edgeViolations).filter((violation) => {
    const key = `${violation.rule} ${violation.file} ${violation.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  for (const cycle of runtimeCycles(edges)) {
    violations.push({
      rule: 'import-cycle',
      file: cycle[0] ?? '',
      detail: `import cycle: ${cycle.join(' -> ')}`,
    });
  }
  for (const cycle of folderCycles(edges, options.pendingUnitEdges ?? PENDING_UNIT_EDGES)) {
    if (!underKnotRule(cycle)) continue;
    violations.push({
      rule: 'folder-cycle',
      file: cycle[0] ?? '',
      detail: `folders import each other at run time: ${cycle.join(' -> ')}; pass a callback or move the shared piece down`,
    });
  }
  for (const circle of fileCircles(edges)) {
    if (!underKnotRule(circle)) continue;
    violations.push({
      rule: 'file-circle',
      file: circle[0] ?? '',
      detail: `files import each other (type-only and lazy imports count): ${circle.join(' -> ')}; move the shared type to the file that owns it`,
    });
  }
  return violations;
}
