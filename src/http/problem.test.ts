/**
 * src/http/problem.ts issueMessage: zod's issues of real schemas said in the API's words, a schema's own message
 * kept.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessage } from './problem.ts';

/** The message of the first issue `schema` finds in `value`, given as asked `given`. */
function said(schema: z.ZodType, value: unknown, given?: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`${JSON.stringify(value)} passed`);
  return issueMessage(result.error.issues[0]!, given);
}

describe('issueMessage', () => {
  it.each([
    ['must be "ne" or "en", got "fr"', z.enum(['ne', 'en']), 'fr', 'fr'],
    ['must be "none", "muhurat" or "all"', z.enum(['none', 'muhurat', 'all']), 'x', undefined],
    ['must be a number', z.number(), 'two', undefined],
    ['must be an array', z.array(z.string()), 3, undefined],
    ['required', z.object({ a: z.string() }), {}, undefined],
    ['must be at least 1900', z.number().int().min(1900), 1800, undefined],
    ['must be at most 30', z.number().max(30), 31, undefined],
    ['must be more than 0', z.number().positive(), 0, undefined],
    ['must have at most 200 characters', z.string().max(200), 'x'.repeat(201), undefined],
    ['must have at least 1 character', z.string().min(1), '', undefined],
    ['must have at least 2 items', z.array(z.number()).min(2), [1], undefined],
    ['must match /^\\d{4}$/', z.string().regex(/^\d{4}$/), 'x', undefined],
    ['is none of the forms it may take', z.union([z.number(), z.string().min(1)]), true, undefined],
    ['not a field here (nor c)', z.object({ a: z.string() }).strict(), { a: 'x', b: 1, c: 2 }, undefined],
  ] as const)('says “%s”', (message, schema, value, given) => {
    expect(said(schema, value, given)).toBe(message);
  });

  it('keeps a schema’s own message and says a parameter given twice is', () => {
    expect(said(z.string().regex(/^\d{4}$/, { error: 'must be a four-digit BS year' }), 'x')).toBe(
      'must be a four-digit BS year',
    );
    expect(said(z.enum(['ne', 'en']), ['ne', 'en'], ['ne', 'en'])).toBe(
      'given more than once: give it once (where it takes a list, as comma-separated values)',
    );
  });
});
