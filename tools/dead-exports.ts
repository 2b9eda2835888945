/**
 * `npm run dead-exports`: the exported names of the product's code (src/, server/) that no file uses, not even
 * their own: a name that appears nowhere else in the source tree and once in its file. Text-based (a name used
 * only by a string or a property of the same spelling counts as used), so what it lists is surely dead.
 * `--own` also lists the names used only inside their own file (exported for nothing).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const listOwn = process.argv.includes('--own');
const files = execFileSync(
  'git',
  ['ls-files', 'src', 'server', 'build', 'bench', 'tools', 'tests', 'e2e', 'public'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx|js)$/.test(file) && !file.endsWith('.d.ts'));
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

function countNames(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name] of text.matchAll(/[A-Za-z_$][\w$]*/g)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

function exportedNames(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    }
  }
  return names;
}

const everywhere = countNames([...texts.values()].join('\n'));
let dead = 0;
for (const [file, text] of texts) {
  if (!/^(src|server)\//.test(file) || /\.test\.tsx?$|^server\/test\/|^src\/test\//.test(file)) continue;
  const own = countNames(text);
  for (const name of new Set(exportedNames(file, text))) {
    const inFile = own.get(name) ?? 0;
    if ((everywhere.get(name) ?? 0) > inFile) continue;
    const usedInFile = inFile > 1;
    if (usedInFile && !listOwn) continue;
    if (!usedInFile) dead += 1;
    console.log(`${file}: ${name}${usedInFile ? ' (used in its own file only)' : ''}`);
  }
}
console.log(`${dead} exported name(s) used nowhere`);
