/**
 * The admin edit, read → change → check → commit, with no update lost. Every edit names the version it was made
 * from (`base`: the commit the admin page read) and the records it is about (some days, or the whole month):
 * - if those records are the same at the branch head as at the base, the change is applied to the head's month
 *   and committed on the head, even when other days or months changed meanwhile (a rebase, not a 409);
 * - if they changed, and the head already holds what the edit wants (a retry of a change whose answer was
 *   lost), the edit is reported as landed, with the commit that made it;
 * - otherwise it is a conflict: the answer says what changed since the base, and nothing is written.
 * A commit that loses the race for the branch (ConcurrentChangeError) is tried again on the new head, and a
 * commit whose answer never came is checked against the head before anything else is done.
 *
 * Example: `await editMonth(repository, { year: 2083, month: 5, base, scope: [10], apply, … })`.
 */
import type { FieldChange } from '../contract/admin.ts';
import { curatedMonthSchema, type CuratedMonth } from '../contract/data-files.ts';
import {
  checkCuratedMonth,
  curatedPath,
  dataFileText,
  formatIssue,
  issueErrors,
} from '../almanac/month-check.ts';
import { monthChanges, summarizeChanges } from './changes.ts';
import { ConcurrentChangeError, GitHubError, type DataRepository, type HistoryEntry } from './repository.ts';

/** An edit refused for what it asks (not for GitHub): no such month, or a month that fails the checks. */
export class EditRefused extends Error {
  readonly kind: 'not-found' | 'unprocessable';
  readonly errors: { row?: number; gate?: number; field: string; message: string }[];
  constructor(kind: EditRefused['kind'], message: string, errors: EditRefused['errors'] = []) {
    super(message);
    this.name = 'EditRefused';
    this.kind = kind;
    this.errors = errors;
  }
}

/** What an edit may ask of the repository while it computes the new month. */
export interface EditContext {
  /** The month's last curated version before `commit` removed it (null when it never had one). */
  lastVersion(): Promise<CuratedMonth | null>;
}

export interface MonthEdit {
  year: number;
  month: number;
  user: string;
  /** What the change is, for the commit message: "Set", "Import", "Delete", "Restore". */
  action: string;
  /** The commit the change was made from; null only for a dry run. */
  base: string | null;
  dryRun?: boolean;
  /** The records the change is about: these days, or the whole month. */
  scope: readonly number[] | 'month';
  /** The month as the admin saw it where no curated file exists (a day edit: what the site serves). */
  view?: (stored: CuratedMonth | null) => CuratedMonth | null;
  /** The month as it should be after the change (null: no file). Throws EditRefused to refuse. */
  apply(
    stored: CuratedMonth | null,
    context: EditContext,
  ): Promise<CuratedMonth | null> | CuratedMonth | null;
}

export type EditOutcome =
  | { kind: 'committed'; commit: string; path: string; changes: FieldChange[]; rebased: boolean }
  | { kind: 'landed'; commit: string; path: string; changes: FieldChange[] }
  | { kind: 'unchanged'; path: string; head: string }
  | { kind: 'dry-run'; path: string; head: string; changes: FieldChange[] }
  | { kind: 'conflict'; path: string; base: string; head: string; changes: FieldChange[] };

/** Commits tried per edit before answering a conflict: each failure means another change just landed. */
export const MAX_COMMIT_ATTEMPTS = 40;

/** A curated month at a commit, or null when provably absent; an unreadable file is a GitHubError. */
export async function readMonth(
  repository: DataRepository,
  path: string,
  commit: string,
): Promise<CuratedMonth | null> {
  const text = await repository.readFile(path, commit);
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new GitHubError('unexpected', `read ${path}`, `The stored ${path} is not JSON.`);
  }
  const parsed = curatedMonthSchema().safeParse(data);
  if (!parsed.success)
    throw new GitHubError('unexpected', `read ${path}`, `The stored ${path} is not a curated month file.`);
  return parsed.data;
}

function scoped(changes: FieldChange[], scope: MonthEdit['scope']): FieldChange[] {
  return scope === 'month' ? changes : changes.filter((c) => scope.includes(c.gate));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The history of a BS month's curated file, newest first. */
export function monthHistory(
  repository: DataRepository,
  year: number,
  month: number,
  commit: string,
  limit = 20,
): Promise<HistoryEntry[]> {
  return repository.history(curatedPath(year, month), commit, limit);
}

/** The month's file as it was before the newest commit that touched it, when that commit removed it. */
async function lastVersionBefore(repository: DataRepository, path: string, commit: string) {
  const [latest] = await repository.history(path, commit, 1);
  if (!latest) return null;
  const atLatest = await readMonth(repository, path, latest.commit);
  if (atLatest) return atLatest;
  const parent = await repository.parentOf(latest.commit);
  return parent ? readMonth(repository, path, parent) : null;
}

/** The edits of this isolate, one at a time per data branch (see editMonth). */
const queues = new Map<string, Promise<unknown>>();

/**
 * Make an edit (see the module comment). Throws EditRefused for a refused change and GitHubError when GitHub
 * fails; a conflict is an outcome, not an error. Edits in one isolate take turns per branch (`inTurn`), so
 * they do not race each other for the ref; edits in other isolates still may, and rebase when they lose.
 */
export function editMonth(
  repository: DataRepository,
  edit: MonthEdit,
  { inTurn = true }: { inTurn?: boolean } = {},
): Promise<EditOutcome> {
  if (!inTurn) return editNow(repository, edit);
  const key = repository.key;
  const run = (queues.get(key) ?? Promise.resolve()).then(
    () => editNow(repository, edit),
    () => editNow(repository, edit),
  );
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

async function editNow(repository: DataRepository, edit: MonthEdit): Promise<EditOutcome> {
  const path = curatedPath(edit.year, edit.month);
  const view = edit.view ?? ((m: CuratedMonth | null) => m);
  const { base } = edit;
  if (base !== null) await repository.commitInfo(base);
  const baseMonth = base !== null ? await readMonth(repository, path, base) : null;
  let lostAnswer = false;
  for (let attempt = 1; ; attempt++) {
    const head = await repository.head();
    const context: EditContext = { lastVersion: () => lastVersionBefore(repository, path, head.commit) };
    const headMonth = head.commit === base ? baseMonth : await readMonth(repository, path, head.commit);
    if (base !== null && head.commit !== base) {
      const moved = scoped(monthChanges(view(baseMonth), view(headMonth)), edit.scope);
      if (moved.length || (edit.scope === 'month' && !same(baseMonth, headMonth))) {
        const intended = await edit.apply(baseMonth, context);
        const wanted = scoped(monthChanges(view(headMonth), view(intended)), edit.scope);
        if (wanted.length === 0 && (edit.scope !== 'month' || same(headMonth, intended))) {
          const [latest] = await repository.history(path, head.commit, 1);
          return {
            kind: 'landed',
            commit: latest?.commit ?? head.commit,
            path,
            changes: scoped(monthChanges(baseMonth, intended), edit.scope),
          };
        }
        return { kind: 'conflict', path, base, head: head.commit, changes: moved };
      }
    }
    const next = await edit.apply(headMonth, context);
    const issues = next === null ? [] : checkCuratedMonth(path, next);
    if (issues.length) {
      throw new EditRefused('unprocessable', formatIssue(issues[0]!), issueErrors(issues));
    }
    const changes = monthChanges(headMonth, next);
    if (edit.dryRun) return { kind: 'dry-run', path, head: head.commit, changes };
    if (same(headMonth, next)) return { kind: 'unchanged', path, head: head.commit };
    const user = edit.user;
    const message = [
      `${edit.action} BS ${edit.year}-${String(edit.month).padStart(2, '0')}: ${summarizeChanges(changes)}`,
      '',
      `By admin ${user} through the admin API${base && base !== head.commit ? `, made from ${base}` : ''}.`,
    ].join('\n');
    const author = { name: user, email: `${user.replace(/[^A-Za-z0-9._-]/g, '_')}@admin.panchanga.invalid` };
    try {
      const commit = await repository.commit(
        head,
        message,
        [{ path, content: next === null ? null : dataFileText(next) }],
        author,
      );
      return { kind: 'committed', commit, path, changes, rebased: base !== null && head.commit !== base };
    } catch (error) {
      const lost = error instanceof GitHubError && ['timeout', 'unreachable', 'down'].includes(error.failure);
      // Lost the race: try again on the new head. No answer: look at the head before anything else.
      if (!(error instanceof ConcurrentChangeError) && !(lost && base !== null && !lostAnswer)) throw error;
      if (lost) lostAnswer = true;
      if (attempt >= MAX_COMMIT_ATTEMPTS)
        return { kind: 'conflict', path, base: base ?? head.commit, head: head.commit, changes: [] };
      // A short random pause, so writers racing for the branch do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** Math.min(attempt, 6)));
    }
  }
}
