/**
 * Prints the structure figures the import rules hold: the units (folders, see `unitOf`) that import each other
 * at run time, and the files that import each other in a circle when type-only and lazy imports count.
 * Run at the checkout root: `npx tsx tools/structure-figures.ts [root]`. Pending edges are counted here.
 */
import path from 'node:path';
import { fileCircles, folderCycles, importsOf, listSourceFiles } from './import-rules';

const root = path.resolve(import.meta.dirname, '..', process.argv[2] ?? '.');
const edges = listSourceFiles(root).flatMap((file) => importsOf(root, file));

const knots = folderCycles(edges);
const units = knots.reduce((sum, knot) => sum + knot.length, 0);
console.log(`Folder-level run-time cycles: ${units} units in ${knots.length} knot(s)`);
for (const knot of knots) console.log(`  ${knot.join(', ')}`);

const circles = fileCircles(edges);
console.log(`File circles counting type-only and lazy imports: ${circles.length}`);
for (const circle of circles) console.log(`  ${circle.join(', ')}`);
