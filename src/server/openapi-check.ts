import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The committed OpenAPI document as a test oracle: every answer the REST test client receives for a documented
 * operation must have a status the document lists for it, and a JSON body that matches that status's schema.
 * The document is read from openapi/openapi.json, the very file integrators download (a test keeps it in step
 * with the router).
 */

interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  webhooks: Record<string, unknown>;
}

const DOCUMENT_ID = 'openapi.json';

let state: { document: OpenApiDocument; ajv: Ajv2020; templates: Template[] } | undefined;
const validators = new Map<string, ValidateFunction>();

interface Template {
  path: string;
  pattern: RegExp;
  literals: number;
}

function load() {
  if (state) return state;
  const file = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));
  const document = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; `strict: false` lets the document's own keywords (example, …) pass.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  // /products/featured is a path of its own, not /products/{id}: the template with the most literal segments wins.
  const templates = Object.keys(document.paths)
    .map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}$`),
      literals: path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
    }))
    .sort((a, b) => b.literals - a.literals);
  state = { document, ajv, templates };
  return state;
}

const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

function validatorFor(path: string, method: string, status: string): ValidateFunction {
  const key = `${method} ${path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const ref = `${DOCUMENT_ID}#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`;
    validate = load().ajv.compile({ $ref: ref });
    validators.set(key, validate);
  }
  return validate;
}

/**
 * What is wrong with an answer by the document's account, or undefined when it is as documented (or the request
 * is not one of the document's operations: /api/trpc, the client, unknown paths and methods).
 */
export function documentMismatch(
  method: string,
  url: string,
  answer: { status: number; contentType: string | null; body: unknown },
): string | undefined {
  const { pathname } = new URL(url, 'http://localhost');
  if (!pathname.startsWith('/api/')) return undefined;
  const { document, templates } = load();
  const apiPath = pathname.slice('/api'.length);
  const verb = method.toLowerCase();
  const template = templates.find((t) => t.pattern.test(apiPath) && document.paths[t.path]![verb]);
  if (!template) return undefined;
  const responses = document.paths[template.path]![verb]!.responses;
  const shown = pathname.length > 120 ? `${pathname.slice(0, 120)}…` : pathname;
  const where = `${method} ${shown} (${method} ${template.path} in openapi/openapi.json)`;
  const status = String(answer.status);
  const documented = responses[status];
  if (!documented) {
    return `${where} answered ${status}, a status the document does not list (it lists ${Object.keys(responses).join(', ')}).`;
  }
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return undefined;
  if (!answer.contentType?.startsWith('application/json')) {
    return `${where} answered ${status} with ${answer.contentType ?? 'no Content-Type'}; the document says application/json.`;
  }
  const validate = validatorFor(template.path, verb, status);
  if (validate(answer.body)) return undefined;
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  return `${where} answered ${status} with a body that does not match the document: ${problems.join('; ')}. Body: ${JSON.stringify(answer.body).slice(0, 500)}`;
}

/**
 * What is wrong with a webhook body by the document's account (its `webhooks` section), or undefined when it is the
 * body documented for its `type`.
 */
export function webhookMismatch(body: { type: string }): string | undefined {
  const { document, ajv } = load();
  const { type } = body;
  if (!(type in document.webhooks)) return `The event type ${type} is not in the document's webhooks.`;
  const key = `webhook ${type}`;
  let validate = validators.get(key);
  if (!validate) {
    const ref = `${DOCUMENT_ID}#/${pointer('webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema')}`;
    validate = ajv.compile({ $ref: ref });
    validators.set(key, validate);
  }
  if (validate(body)) return undefined;
  const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
  return `The ${type} webhook body does not match the document: ${problems.join('; ')}.`;
}
