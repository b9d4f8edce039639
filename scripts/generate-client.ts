/**
 * Generates the typed TypeScript client's types (clients/typescript/api.ts) from the OpenAPI document the API
 * serves: every component schema as a type, and every operation with its method, path, parameters and answer.
 * `npm run generate:client` writes the file; `--check` exits 1 (naming the command) when it is not current,
 * which CI and scripts/generate-client.test.ts run. The converter covers the JSON Schema the zod schemas produce:
 * $ref, object (properties, required, additionalProperties), array, enum, const, anyOf/oneOf, allOf, and the
 * primitive types.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { openApiDocument } from '../src/http/openapi.ts';

export const CLIENT_TYPES_PATH = 'clients/typescript/api.ts';

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
};

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const comment = (text: string | undefined, indent: string) =>
  text ? `${indent}/** ${text.replaceAll('*/', '*\\/').replaceAll('\n', ' ')} */\n` : '';

/** The TypeScript type of a JSON Schema, `indent` being the indentation of the line it starts on. */
function typeOf(schema: Schema | boolean | undefined, indent = ''): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s) => parenthesize(typeOf(s, indent))).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => parenthesize(typeOf(s, indent))).join(' & ');
  if (Array.isArray(schema.type))
    return schema.type.map((type) => typeOf({ ...schema, type }, indent)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `${parenthesize(typeOf(schema.items, indent))}[]`;
    case 'object':
      return objectType(schema, indent);
    default:
      return schema.properties ? objectType(schema, indent) : 'unknown';
  }
}

function parenthesize(type: string): string {
  return /^[\w".$-]+(\[\])*$/.test(type) || type.startsWith('{') ? type : `(${type})`;
}

function objectType(schema: Schema, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${comment(property.description, inner)}${inner}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};\n`,
  );
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') lines.push(`${inner}[key: string]: ${typeOf(extra, inner)};\n`);
  if (lines.length === 0) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
  return `{\n${lines.join('')}${indent}}`;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: Schema;
}
interface Operation {
  operationId: string;
  summary: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

function parametersType(parameters: Parameter[], where: 'path' | 'query', indent: string): string {
  const chosen = parameters.filter((p) => p.in === where);
  if (chosen.length === 0) return 'Record<never, never>';
  return objectType(
    {
      properties: Object.fromEntries(
        chosen.map((p) => [p.name, { ...p.schema, description: p.description }]),
      ),
      required: chosen.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    },
    indent,
  );
}

/** The answer's `data` type: the 200 JSON envelope's `data`, or string for other media types. */
function answerType(operation: Operation, indent: string): string {
  const content = operation.responses['200']?.content ?? {};
  const json = content['application/json']?.schema;
  if (!json) return 'string';
  return typeOf(json.properties?.data, indent);
}

/** The text of clients/typescript/api.ts for an OpenAPI document, formatted as the repository formats code. */
export async function clientTypes(document: Record<string, unknown>): Promise<string> {
  const { components, paths } = document as {
    components: { schemas: Record<string, Schema> };
    paths: Record<string, Record<string, Operation>>;
  };
  let out =
    '// Generated by scripts/generate-client.ts from the OpenAPI document (/api/openapi.json). Do not edit:\n' +
    '// run `npm run generate:client`. CI checks that it is current.\n\n';
  for (const [name, schema] of Object.entries(components.schemas))
    out += `${comment(schema.description as string | undefined, '')}export type ${name} = ${typeOf(schema)};\n\n`;
  const operations: string[] = [];
  const table: string[] = [];
  for (const [path, methods] of Object.entries(paths))
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content['application/json']?.schema;
      operations.push(
        `${comment(operation.summary, '  ')}  ${key(operation.operationId)}: {\n` +
          `    method: '${method.toUpperCase()}';\n` +
          `    path: '${path}';\n` +
          `    pathParams: ${parametersType(operation.parameters ?? [], 'path', '    ')};\n` +
          `    query: ${parametersType(operation.parameters ?? [], 'query', '    ')};\n` +
          `    body: ${body ? typeOf(body, '    ') : 'never'};\n` +
          `    answer: ${answerType(operation, '    ')};\n` +
          `  };\n`,
      );
      table.push(
        `  ${key(operation.operationId)}: { method: '${method.toUpperCase()}', path: '${path}' },\n`,
      );
    }
  out += `/** Every operation of the API by operationId: method, path, parameters, JSON body and the answer's \`data\`. */\n`;
  out += `export interface Operations {\n${operations.join('')}}\n\n`;
  out += `/** The method and path of every operation, for the client at run time. */\n`;
  out += `export const OPERATIONS: { readonly [K in keyof Operations]: { readonly method: Operations[K]['method']; readonly path: Operations[K]['path'] } } = {\n${table.join('')}};\n`;
  return format(out, { ...(await resolveConfig(CLIENT_TYPES_PATH)), filepath: CLIENT_TYPES_PATH });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await clientTypes(openApiDocument());
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(CLIENT_TYPES_PATH, 'utf8');
    } catch {
      // missing: not current
    }
    if (current !== text) {
      console.error(
        `${CLIENT_TYPES_PATH} is not current with the OpenAPI document: run npm run generate:client`,
      );
      process.exit(1);
    }
    console.log(`${CLIENT_TYPES_PATH} is current`);
  } else {
    writeFileSync(CLIENT_TYPES_PATH, text);
    console.log(`${CLIENT_TYPES_PATH}: written`);
  }
}
