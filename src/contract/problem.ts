/**
 * The error answer of every endpoint: RFC 9457 problem details (`application/problem+json`) with the API's
 * `success: false`, and for input errors the field that was wrong (and, for import files, every error).
 */
import { z } from 'zod';

export const problemSchema = z
  .object({
    success: z.literal(false),
    type: z.string().describe('A relative URI under /problems/, e.g. /problems/invalid-date'),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().describe('What was wrong, in words'),
    field: z.string().optional().describe('The parameter or body field that was wrong'),
    errors: z.array(z.unknown()).optional().describe('Every error found, e.g. one per import row and field'),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

export type ProblemBody = z.infer<typeof problemSchema>;
