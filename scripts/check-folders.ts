/**
 * The folder graph of the library, checked (`npm run lint`): folders of src/ depend one way, as STYLE.md draws
 * them, `contract ← calendar ← engine ← festivals ← almanac ← feed, admin ← http`, with functions/ on top of
 * http and the site's pages on top of everything. An import from a folder to one above it, or a cycle between
 * folders of the same layer, fails with the importing file named. Tests may reach anywhere and are not counted.
 * `tsx scripts/check-folders.ts --graph` prints the graph.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * The layers, lowest first; a folder may import its own layer's folders (without a cycle) and lower ones.
 * `almanac` is the day records, the curated almanac data and the muhurats.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['contract'],
  ['calendar'],
  ['engine'],
  ['festivals'],
  ['almanac'],
  ['feed', 'admin'],
  ['http'],
  ['functions'],
  ['pages', 'layouts'],
];

function layerOf(folder: string): number {
  const index = LAYERS.findIndex((layer) => layer.includes(folder));
  if (index < 0) throw new Error(`the folder ${folder} is in no layer of scripts/check-folders.ts`);
  return index;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|astro)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** The folder (src/<folder>/, or functions) a repository file belongs to, or null outside them. */
function folderOf(path: string): string | null {
  const rel = relative(ROOT, path).split('/');
  if (rel[0] === 'functions') return 'functions';
  return rel[0] === 'src' && rel.length > 2 ? rel[1]! : null;
}

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every import between two folders: from → to → the importing files. */
export function folderEdges(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of [...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'functions'))]) {
    const from = folderOf(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = folderOf(resolve(file, '..', specifier!));
      if (!from || !to || from === to) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      targets.set(to, [...(targets.get(to) ?? []), relative(ROOT, file)]);
      edges.set(from, targets);
    }
  }
  return edges;
}

/** The problems of a folder graph: imports upward, and cycles (as folder paths). */
export function folderProblems(edges: Map<string, Map<string, string[]>>): string[] {
  const problems: string[] = [];
  for (const [from, targets] of edges)
    for (const [to, files] of targets)
      if (layerOf(to) > layerOf(from))
        problems.push(`${from} imports ${to}, a folder above it: ${[...new Set(files)].join(', ')}`);
  const state = new Map<string, 'open' | 'done'>();
  const visit = (folder: string, path: string[]) => {
    if (state.get(folder) === 'done') return;
    if (state.get(folder) === 'open') {
      problems.push(`cycle: ${[...path.slice(path.indexOf(folder)), folder].join(' → ')}`);
      return;
    }
    state.set(folder, 'open');
    for (const to of edges.get(folder)?.keys() ?? []) visit(to, [...path, folder]);
    state.set(folder, 'done');
  };
  for (const folder of edges.keys()) visit(folder, []);
  return problems;
}

if (import.meta.main) {
  const edges = folderEdges();
  if (process.argv.includes('--graph'))
    for (const [from, targets] of [...edges].sort(([a], [b]) => layerOf(a) - layerOf(b)))
      console.log(`${from} → ${[...targets.keys()].sort((a, b) => layerOf(a) - layerOf(b)).join(', ')}`);
  const problems = folderProblems(edges);
  if (problems.length) {
    console.error(`The folder graph is not one-way (scripts/check-folders.ts):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`folders: ${edges.size} with imports, one way, no cycle`);
}
