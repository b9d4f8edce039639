/**
 * Everything the admin routes call, in one module that src/http/app.ts loads only when an admin route is asked
 * (a dynamic import): the GitHub client (@octokit), the edit, import and change logic, and the curated-file
 * checks are not evaluated when an isolate starts to answer a reader's request.
 */
export {
  adminGuard,
  assertSameOrigin,
  baseOf,
  commitEdit,
  dataRepository,
  overGitHub,
  readLimited,
  sessionOf,
  sessionStore,
} from './admin.ts';
export { applyDayUpdate, baselineFromServed } from '../admin/changes.ts';
export { adminSource, normalizeImport, projectedLengthNote } from '../admin/import.ts';
export { EditRefused, monthHistory, readMonth } from '../admin/edit.ts';
export { curatedPath } from '../almanac/month-check.ts';
