/**
 * The OpenAPI document passes a standard OpenAPI 3.1 validator (@seriousme/openapi-schema-validator), lists every
 * endpoint with its problems, and its schemas accept real answers of the library and reject wrong ones.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { convertDate } from '../calendar/convert.ts';
import { apiExamples } from './examples.ts';
import { COMPONENT_SCHEMAS } from '../contract/openapi.ts';
import { problemBody } from '../contract/problem.ts';
import { openApiDocument } from './openapi.ts';
import { ROUTES } from './routes.ts';
import { exampleRequest } from './mount.ts';

const ENDPOINTS = Object.values(ROUTES);

const document = openApiDocument({
  bodies: { convertDate: { success: true, data: convertDate('2083-01-01', 'bs', 'en') } },
  badRequest: problemBody('bad-request', 'lang: must be "ne" or "en", got "fr"', { field: 'lang' }),
});

/** A validator for the 200 (or a problem) answer of an operation, resolving refs within the document. */
function answerValidator(path: string, method: string, status = '200') {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const doc = document as any;
  const content = doc.paths[path][method].responses[status].content;
  const schema = (content['application/json'] ?? content['application/problem+json']).schema;
  return new Ajv2020({ strict: false }).compile({ ...schema, components: doc.components });
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every endpoint with a success answer and its problems', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const paths = (document as any).paths;
    for (const e of ENDPOINTS) {
      const operation = paths[e.path][e.method];
      expect(operation.responses['200'], e.operationId).toBeDefined();
      for (const status of ['405', '500']) expect(Object.keys(operation.responses)).toContain(status);
    }
    expect(new Set(ENDPOINTS.map((e) => e.operationId)).size).toBe(ENDPOINTS.length);
  });

  it("has in each read's query and path fields examples its own validators accept (the start parses them)", () => {
    const reads = ENDPOINTS.filter((e) => e.method === 'get');
    for (const e of reads) {
      for (const schema of [e.request?.query, e.request?.params]) {
        if (!schema) continue;
        const example = exampleRequest(schema);
        expect(
          schema.safeParse(example).error?.issues ?? [],
          `${e.operationId} ${JSON.stringify(example)}`,
        ).toEqual([]);
      }
    }
    expect(reads.length).toBeGreaterThan(8);
    const year = reads.find((e) => e.operationId === 'festivals')!.request!.query!;
    expect(exampleRequest(year)).toMatchObject({ year: '2083', lang: 'en' });
  });

  it('accepts a real converter answer and its example, and rejects a wrong one', () => {
    const validate = answerValidator('/api/date-converter', 'get');
    const answer = { success: true, data: convertDate('२०८३-०१-०१', undefined, 'ne') };
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const example = (document as any).paths['/api/date-converter'].get.responses['200'].content[
      'application/json'
    ].example;
    expect(validate(example)).toBe(true);
    expect(validate({ success: true, data: { ...answer.data, from: 'xx' } })).toBe(false);
    const { ad: _ad, ...withoutAd } = answer.data;
    expect(validate({ success: true, data: withoutAd })).toBe(false);
  });

  it('gives examples computed by the library that pass their own schemas', () => {
    const withExamples = openApiDocument(apiExamples());
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const paths = (withExamples as any).paths;
    let checked = 0;
    for (const e of ENDPOINTS) {
      const content = paths[e.path][e.method].responses['200'].content['application/json'];
      if (!content?.example) continue;
      const validate = new Ajv2020({ strict: false }).compile({
        ...content.schema,
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        components: (withExamples as any).components,
      });
      expect(validate(content.example), `${e.operationId}: ${JSON.stringify(validate.errors)}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('lists exactly the explicit components, whatever was loaded first', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const ids = Object.keys((document as any).components.schemas).sort();
    const listed = COMPONENT_SCHEMAS.map((s) => (s.meta() as { id: string }).id).sort();
    expect(ids).toEqual(listed);
  });

  it('gives every parameter an example and a description', () => {
    /* eslint-disable @typescript-eslint/no-explicit-any */
    for (const [path, operations] of Object.entries((document as any).paths) as [string, any][])
      for (const [method, operation] of Object.entries(operations) as [string, any][])
        for (const parameter of operation.parameters ?? []) {
          expect(parameter.schema.example, `${method} ${path} ${parameter.name}`).toBeDefined();
          expect(parameter.description, `${method} ${path} ${parameter.name}`).toBeTruthy();
        }
    /* eslint-enable @typescript-eslint/no-explicit-any */
  });

  it('documents every accepted muhurat category', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const parameters: { name: string; description: string; schema: any }[] =
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (document as any).paths['/api/muhurats'].get.parameters;
    const category = parameters.find((p) => p.name === 'category')!;
    for (const name of ['bibaha', 'bratabandha', 'pasni', 'rudri', 'house_moving'])
      expect(category.description).toContain(name);
    expect(new RegExp(category.schema.pattern).test('bibaha,pasni')).toBe(true);
    expect(new RegExp(category.schema.pattern).test('bibaha,nope')).toBe(false);
  });

  it('follows the labelled REST API v1.0', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expect((document as any).info.version).toBe('1.0.0');
  });

  it('describes problems as the API answers them', () => {
    const validate = answerValidator('/api/date-converter', 'get', '400');
    expect(validate(problemBody('invalid-date', 'month must be 1–12, got 13', { field: 'date' }))).toBe(true);
    expect(validate({ success: false, detail: 'no type' })).toBe(false);
  });
});
