// /api/admin/invoices: the CFDI documents (invoices and credit notes) in one list with
// filters, the accountant's CSV, retry of a document in error and files attached by hand
// (docs/cfdi.md → Admin). Downloads go through /api/invoice/{id}/{format}.

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import {
  adminCfdiDocumentActionResponse,
  adminCfdiDocumentsQuery,
  adminCfdiDocumentsResponse,
  adminCfdiFileParams,
} from '@store/shared/schemas/admin/invoices';
import { adminIdParams } from '@store/shared/schemas/admin/common';
import { errorResponse } from '@store/shared/schemas/common';
import { formatCsvDateTime } from '@store/shared/domain/time';
import { AppError } from '../../../lib/errors';
import { newStorageKey } from '../../../lib/storage/keys';
import { receiveFile } from '../../../lib/storage/receive-file';
import { toBuffer } from '../../../lib/storage/storage';
import { currentUser } from '../../../plugins/auth';
import {
  attachDocumentFile,
  exportDocuments,
  folioFromXml,
  comprobanteType,
  listDocuments,
  retryDocument,
} from './service';

export const MAX_INVOICE_FILE_BYTES = 2 * 1024 * 1024;
const REFUSAL = {
  missing: ADMIN_MSG.invoiceFileMissing,
  too_large: ADMIN_MSG.invoiceFileTooLarge,
  type: ADMIN_MSG.invoiceFileType,
} as const;
const ACTION_RESPONSES = {
  200: adminCfdiDocumentActionResponse,
  400: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_INVOICE_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const providerConfigured = Boolean(app.config.CFDI_API_KEY);
  const readFile = async (k: string) => {
    const stored = await app.storage.get(k);
    return stored ? toBuffer(stored.body) : null;
  };

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Documentos CFDI (facturas y notas de crédito) con sus datos fiscales y su estado',
        querystring: adminCfdiDocumentsQuery,
        response: { 200: adminCfdiDocumentsResponse, 400: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      documents: await listDocuments(app.db.db, req.query),
      providerConfigured,
    }),
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Documentos CFDI en CSV para el contador (UTF-8 con BOM, para Excel)',
        produces: ['text/csv'],
        querystring: adminCfdiDocumentsQuery,
        response: { 200: z.string(), 400: errorResponse },
      },
    },
    async (req, reply) => {
      const { csv } = await exportDocuments(app.db.db, currentUser(req).id, req.query);
      const stamp = formatCsvDateTime(new Date()).slice(0, 10);
      const name = `facturas-${req.query.status ?? 'todas'}-${stamp}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Reintentar un CFDI con error (timbrado o cancelación de una factura, timbrado de una nota de crédito)',
        params: adminIdParams,
        response: ACTION_RESPONSES,
      },
    },
    async (req) => {
      const { document, message } = await app.db.db.transaction((tx) =>
        retryDocument(tx, currentUser(req).id, req.params.id, providerConfigured),
      );
      return { success: true as const, message, document };
    },
  );

  app.post(
    '/:id/files/:format',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Adjuntar a mano el XML o el PDF de un CFDI timbrado fuera de la tienda (campo "file", máx. 2 MB)',
        consumes: ['multipart/form-data'],
        params: adminCfdiFileParams,
        response: ACTION_RESPONSES,
      },
    },
    async (req) => {
      const { format } = req.params;
      const file = await receiveFile(req, { accept: [format], maxBytes: MAX_INVOICE_FILE_BYTES });
      if (!file.ok) throw new AppError('bad_request', REFUSAL[file.reason]);
      const folio = format === 'xml' ? folioFromXml(file.bytes) : null;
      if (format === 'xml' && !folio) throw new AppError('bad_request', ADMIN_MSG.invoiceXmlInvalid);
      const type = format === 'xml' ? comprobanteType(file.bytes) : null;
      const key = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: format });
      await app.storage.put(key, file.bytes, { contentType: file.mime, visibility: 'private' });
      let result;
      try {
        result = await app.db.db.transaction((tx) =>
          attachDocumentFile(
            tx,
            app.mailSettings,
            currentUser(req).id,
            req.params.id,
            { format, key, folio, type },
            readFile,
          ),
        );
      } catch (err) {
        await app.storage.delete(key);
        throw err;
      }
      if (result.replaced) await app.storage.delete(result.replaced);
      return { success: true as const, message: result.message, document: result.document };
    },
  );
};
