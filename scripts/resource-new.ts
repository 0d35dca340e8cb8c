// `npm run resource:new -- <name> [--global] [--area <area>]`: the skeleton of a declared resource
// (docs/resources.md "Declaring a resource"): its declaration (with an area of its own unless
// `--area` names a built-in one), its line in DECLARED_RESOURCES, its derived table and the migration
// (`npm run db:generate`); then it says what to edit next. `--root <dir>` writes into another
// checkout, `--no-generate` skips the migration.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { writeDeclaredTables } from './db-generate';

interface Options {
  name: string;
  scoped: boolean;
  area: string | null;
  root: string;
  generate: boolean;
}

function parse(argv: string[]): Options {
  const o: Options = { name: '', scoped: true, area: null, root: process.cwd(), generate: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--global') o.scoped = false;
    else if (a === '--no-generate') o.generate = false;
    else if (a === '--area') o.area = argv[++i] ?? '';
    else if (a === '--root') o.root = path.resolve(argv[++i] ?? '.');
    else if (!a.startsWith('--') && !o.name) o.name = a;
    else throw new Error(`Unknown option "${a}".`);
  }
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(o.name)) {
    throw new Error(
      'Give the resource its API name in lower case with underscores, plural: npm run resource:new -- parking_spaces',
    );
  }
  return o;
}

/** parking_spaces → parking_space; properties → property. */
const singular = (name: string) =>
  name.endsWith('ies') ? name.slice(0, -3) + 'y' : name.endsWith('s') ? name.slice(0, -1) : name;
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const words = (name: string) => name.replace(/_/g, ' ');

function declaration(o: Options, one: string, constName: string): string {
  const label = words(one).charAt(0).toUpperCase() + words(one).slice(1);
  return `// ${label}s, declared once (docs/resources.md): the table, the API with its checks, the screens,
// the menu and the security suites follow from this file.
import { declareResource, group, ${o.area ? '' : 'newArea, '}text } from './declare';

export const ${constName} = declareResource({
  name: '${o.name}',
  spa: '${one}',
  noun: { one: '${words(one)}', many: '${words(o.name)}' },
${
  o.area
    ? `  // Whose rules and permissions apply: a built-in area of contract/access.ts.\n  area: '${o.area}',`
    : `  // An area of its own: permissions ${o.name}.*|view|create|update|delete, a menu item, system users barred;\n  // super_admin gets ${o.name}.*, and admin what \`defaults\` says (docs/resources.md "A new area").\n  area: newArea('${o.name}', { defaults: { admin: ['${o.name}.*'] } }),`
}
  tenancy: '${o.scoped ? 'scoped' : 'global'}',
  fields: {
    ...group('${label}', {
      name: text('Name', { required: true }),
    }),
  },
  list: { columns: ['name'], sort: ['name'], search: ['name'] },
});
`;
}

/** Adds `line` after the file's last import, and `entry` where `anchor` is found. */
function insert(file: string, importLine: string, edit: (text: string) => string): void {
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/^import [^;]+;$/gm)];
  const last = imports[imports.length - 1];
  if (!last || last.index === undefined) throw new Error(`${file}: no import to add after.`);
  const at = last.index + last[0].length;
  writeFileSync(file, edit(text.slice(0, at) + '\n' + importLine + text.slice(at)));
}

/** A file's text as Prettier writes it, with the project's settings (.prettierrc.json). */
async function formatted(file: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(readFileSync(file, 'utf8'), { ...options, filepath: file });
}

async function main(): Promise<void> {
  const o = parse(process.argv.slice(2));
  const one = singular(o.name);
  const constName = `${camel(one)}Resource`;
  const file = path.join(o.root, 'contract/resources', `${o.name.replace(/_/g, '-')}.ts`);
  const registry = path.join(o.root, 'contract/resources/index.ts');
  if (existsSync(file)) throw new Error(`${path.relative(o.root, file)} exists already.`);
  if (readFileSync(registry, 'utf8').includes(`${constName}`)) throw new Error(`${constName} is registered already.`);

  writeFileSync(file, declaration(o, one, constName));
  const module = `./${path.basename(file, '.ts')}`;
  insert(registry, `import { ${constName} } from '${module}';`, (text) =>
    text.replace(
      /(export const DECLARED_RESOURCES: readonly ResourceDecl\[\] = \[[^\]]*)\]/,
      // The list as Prettier writes it, one entry a line with a trailing comma, or on one line.
      (_, list: string) => (/,\s*$/.test(list) ? `${list.trimEnd()}\n  ${constName},\n]` : `${list}, ${constName}]`),
    ),
  );
  // Written as the project's formatter would (npm test checks it).
  for (const f of [file, registry]) writeFileSync(f, await formatted(f));
  await writeDeclaredTables(o.root);
  if (o.generate) execFileSync('npx', ['drizzle-kit', 'generate', '--name', o.name], { cwd: o.root, stdio: 'inherit' });

  console.log(`
Created ${path.relative(o.root, file)}, registered it in contract/resources/index.ts and derived its table into server/db/declaredTables.ts${o.generate ? ', with its migration in server/db/migrations/' : ''}.
Next:
  1. Edit the fields, the list and the area in ${path.relative(o.root, file)} (README "Adding a resource" lists the field kinds).
  2. After changing fields, run: npm run db:generate -- --name ${o.name}_fields
  3. npm start: the API is at /api/v1/${o.name}, the screens at /dashboard/${one}.
  Only for what a declaration cannot say (a computed column, a derived value, a refusal): hooks in
  server/${o.name}/binding.ts, named in server/crud/bindings.ts (docs/resources.md "Binding and hooks").
`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
