import { describe, expect, it } from 'vitest';
import { folderEdges, folderProblems } from './check-folders.ts';

const graph = (edges: Record<string, string[]>) =>
  new Map(
    Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, [`src/${from}/x.ts`]]))]),
  );

describe('the folder check', () => {
  it('passes the repository as it is', () => {
    expect(folderProblems(folderEdges())).toEqual([]);
  });

  it('fails an import from a folder to one above it, naming the file', () => {
    expect(folderProblems(graph({ contract: ['calendar'] }))).toEqual([
      'contract imports calendar, a folder above it: src/contract/x.ts',
    ]);
  });

  it('fails a cycle between folders of one layer', () => {
    expect(folderProblems(graph({ feed: ['admin'], admin: ['feed'] }))).toEqual([
      'cycle: feed → admin → feed',
    ]);
  });
});
