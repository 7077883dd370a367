// /api/admin/invoices: the CFDI queue with filters, the accountant's CSV, retry of an
// invoice in error, files attached by hand and their download (docs/cfdi.md → Admin).

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import {
  adminInvoiceActionResponse,
  adminInvoiceFileParams,
  adminInvoicesQuery,
  adminInvoicesResponse,
} from '@store/shared/schemas/admin/invoices';
import { adminIdParams } from '@store/shared/schemas/admin/common';
import { errorResponse } from '@store/shared/schemas/common';
import { formatCsvDateTime } from '@store/shared/domain/time';
import { AppError } from '../../../lib/errors';
import { newStorageKey } from '../../../lib/storage/keys';
import { receiveFile } from '../../../lib/storage/receive-file';
import { toBuffer } from '../../../lib/storage/storage';
import { currentUser } from '../../../plugins/auth';
import { invoicesCsv } from './csv';
import {
  attachCreditNoteFile,
  attachInvoiceFile,
  folioFromXml,
  isEgresoXml,
  listInvoices,
  retryCreditNote,
  retryInvoice,
} from './service';

export const MAX_INVOICE_FILE_BYTES = 2 * 1024 * 1024;
const REFUSAL = {
  missing: ADMIN_MSG.invoiceFileMissing,
  too_large: ADMIN_MSG.invoiceFileTooLarge,
  type: ADMIN_MSG.invoiceFileType,
} as const;

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
        summary: 'Solicitudes de factura (CFDI) con sus datos fiscales y su estado',
        querystring: adminInvoicesQuery,
        response: { 200: adminInvoicesResponse, 400: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      invoices: await listInvoices(app.db.db, req.query),
      providerConfigured,
    }),
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Solicitudes de factura en CSV para el contador (UTF-8 con BOM, para Excel)',
        produces: ['text/csv'],
        querystring: adminInvoicesQuery,
        response: { 200: z.string(), 400: errorResponse },
      },
    },
    async (req, reply) => {
      const rows = await listInvoices(app.db.db, req.query);
      const stamp = formatCsvDateTime(new Date()).slice(0, 10);
      const name = `facturas-${req.query.status ?? 'todas'}-${stamp}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(invoicesCsv(rows, req.query.status));
    },
  );

  app.post(
    '/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reintentar una factura con error (timbrado o cancelación)',
        params: adminIdParams,
        response: {
          200: adminInvoiceActionResponse,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (req) => {
      const invoice = await app.db.db.transaction((tx) =>
        retryInvoice(tx, currentUser(req).id, req.params.id, providerConfigured),
      );
      return { success: true as const, message: ADMIN_MSG.invoiceRetryQueued, invoice };
    },
  );

  app.post(
    '/credit-notes/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reintentar una nota de crédito con error',
        params: adminIdParams,
        response: {
          200: adminInvoiceActionResponse,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (req) => {
      const invoice = await app.db.db.transaction((tx) =>
        retryCreditNote(tx, currentUser(req).id, req.params.id, providerConfigured),
      );
      return { success: true as const, message: ADMIN_MSG.creditNoteRetryQueued, invoice };
    },
  );

  app.post(
    '/credit-notes/:id/files/:format',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Adjuntar a mano el XML o el PDF de una nota de crédito timbrada fuera de la tienda (campo "file", máx. 2 MB)',
        consumes: ['multipart/form-data'],
        params: adminInvoiceFileParams,
        response: {
          200: adminInvoiceActionResponse,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (req) => {
      const { format } = req.params;
      const file = await receiveFile(req, { accept: [format], maxBytes: MAX_INVOICE_FILE_BYTES });
      if (!file.ok) throw new AppError('bad_request', REFUSAL[file.reason]);
      const folio = format === 'xml' ? folioFromXml(file.bytes) : null;
      if (format === 'xml' && !folio) throw new AppError('bad_request', ADMIN_MSG.invoiceXmlInvalid);
      if (format === 'xml' && !isEgresoXml(file.bytes))
        throw new AppError('bad_request', ADMIN_MSG.creditNoteXmlNotEgreso);
      const key = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: format });
      await app.storage.put(key, file.bytes, { contentType: file.mime, visibility: 'private' });
      let result;
      try {
        result = await app.db.db.transaction((tx) =>
          attachCreditNoteFile(tx, currentUser(req).id, req.params.id, { format, key, folio }, readFile),
        );
      } catch (err) {
        await app.storage.delete(key);
        throw err;
      }
      if (result.replaced) await app.storage.delete(result.replaced);
      return { success: true as const, message: ADMIN_MSG.creditNoteAttached, invoice: result.invoice };
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
        params: adminInvoiceFileParams,
        response: {
          200: adminInvoiceActionResponse,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (req) => {
      const { format } = req.params;
      const file = await receiveFile(req, { accept: [format], maxBytes: MAX_INVOICE_FILE_BYTES });
      if (!file.ok) throw new AppError('bad_request', REFUSAL[file.reason]);
      const folio = format === 'xml' ? folioFromXml(file.bytes) : null;
      if (format === 'xml' && !folio) throw new AppError('bad_request', ADMIN_MSG.invoiceXmlInvalid);
      const key = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: format });
      await app.storage.put(key, file.bytes, { contentType: file.mime, visibility: 'private' });
      let result;
      try {
        result = await app.db.db.transaction((tx) =>
          attachInvoiceFile(tx, currentUser(req).id, req.params.id, { format, key, folio }, readFile),
        );
      } catch (err) {
        await app.storage.delete(key);
        throw err;
      }
      if (result.replaced) await app.storage.delete(result.replaced);
      return { success: true as const, message: ADMIN_MSG.invoiceAttached, invoice: result.invoice };
    },
  );
};
