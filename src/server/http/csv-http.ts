import { changingCustomers } from '../staff/figures-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error';
import { access, decideAccess, type Access } from '../api/access';
import { findCaller, type AppServices } from '../api/context';
import { csvExport } from '../customers/csv-export';
import { importCsv } from '../customers/csv-import';
import { requestLocale } from '../api/request-locale';
import { catalogueFor } from '../../shared/i18n/catalogues';
import { saySentence } from '../../shared/i18n/sentence';
import {
  exportKinds,
  exportMessages,
  exportPermission,
  IMPORT_MAX_BYTES,
  importKinds,
  importMessages,
  importPermission,
  type ExportKind,
  type ImportKind,
} from '../../shared/csv-schema';

/** Who may take each export and make each import: enforced here, and what the OpenAPI document says (csv-paths.ts). */
export const exportAccess = (kind: ExportKind) => access.permission(exportPermission[kind]);
export const importAccess = (kind: ImportKind) => access.permission(importPermission[kind]);

/** The caller, when `rule` lets them in; otherwise the 401 or 403 every procedure answers. */
async function permitted(deps: AppServices, req: FastifyRequest, reply: FastifyReply, rule: Access) {
  const { user } = await findCaller(deps, req, reply);
  const decision = decideAccess(rule, user);
  if (decision === 'unauthenticated') throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (decision === 'forbidden') throw new AppError('FORBIDDEN', "You don't have permission to do that.");
  return user!;
}

const query = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * CSV in and out (docs/customers.md): plain routes because their bodies are CSV, not JSON.
 * GET /api/admin/exports/{orders|appointments|customers|products}.csv?from&to streams the file;
 * POST /api/admin/imports/{products|services|customers}[?dryRun=true] takes one (text/csv, at most 5 MB) and answers
 * {created, updated, errors}: 400 with every error, and nothing written, when there is any.
 */
export const csvHttpPlugin = fp(
  async (app, deps: AppServices) => {
    app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
      '/api/admin/exports/:file',
      async (req, reply) => {
        const kind = /^(\w+)\.csv$/.exec(req.params.file)?.[1] as ExportKind | undefined;
        if (!kind || !exportKinds.includes(kind)) throw new AppError('NOT_FOUND', exportMessages.unknownKind);
        await permitted(deps, req, reply, exportAccess(kind));
        const { timezone } = await deps.settings.get();
        const body = csvExport(
          deps.database.db,
          kind,
          { from: query(req.query.from), to: query(req.query.to) },
          timezone,
        );
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    // In a scope of its own, so that only this route reads text/csv bodies.
    await app.register(async (scope) => {
      scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) =>
        done(null, body),
      );
      scope.post<{ Params: { kind: string }; Querystring: Record<string, unknown> }>(
        '/api/admin/imports/:kind',
        { bodyLimit: IMPORT_MAX_BYTES },
        async (req, reply) => {
          const kind = req.params.kind as ImportKind;
          if (!importKinds.includes(kind)) throw new AppError('NOT_FOUND', importMessages.unknownKind);
          const user = await permitted(deps, req, reply, importAccess(kind));
          if (typeof req.body !== 'string') throw new AppError('BAD_REQUEST', importMessages.notCsv);
          const outcome = await changingCustomers(
            deps,
            importCsv(deps.database.db, user, kind, req.body, req.query.dryRun === 'true'),
          );
          const speaker = catalogueFor(requestLocale(req));
          const errors = outcome.errors.map((e) => ({ ...e, message: saySentence(speaker, e.message) }));
          if (!errors.length) return reply.send({ ...outcome, errors });
          return reply.code(400).send({
            message: saySentence(speaker, importMessages.hasErrors),
            code: 'BAD_REQUEST',
            ...outcome,
            errors,
          });
        },
      );
    });
  },
  { name: 'storefront-csv', fastify: '5.x', dependencies: ['storefront-errors', '@fastify/cookie'] },
);
