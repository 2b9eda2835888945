/**
 * `npm run lint` runs this after Biome: fails when an import crosses a layer the architecture keeps apart
 * (feature to feature, services to routes, run-time code to the demo seed, routes to the database) or when
 * modules import each other in a cycle. The rules are in tools/import-rules.ts.
 */
import path from 'node:path';
import { checkImports } from './import-rules';

const root = path.resolve(import.meta.dirname, '..', process.argv[2] ?? '.');
const violations = checkImports(root);
for (const violation of violations) console.error(`${violation.rule}: ${violation.file} ${violation.detail}`);
if (violations.length > 0) {
  console.error(
    `\n${violations.length} import rule violation(s); see docs/ARCHITECTURE.md, "Rules that keep it whole".`,
  );
  process.exit(1);
}
console.log(
  'imports: no feature crosses another, no cycle (files, or server folders at run time), services do not import routes, no run-time seed import',
);
