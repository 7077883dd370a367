// /api/invoice/*: the member's fiscal data, CFDI requests for paid orders and the stamped
// files (docs/cfdi.md → API).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { orderReference } from '@store/shared/domain/order-reference';
import {
  fiscalData,
  fiscalDataResponse,
  invoiceFileParams,
  myInvoicesResponse,
  requestInvoiceBody,
  requestInvoiceResponse,
  saveFiscalDataResponse,
} from '@store/shared/schemas/invoice';
import { AppError } from '../../lib/errors';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { sendPrivateFile } from '../../lib/storage/send-file';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  auditDownloadBy,
  creditNoteForViewer,
  getFiscalData,
  invoiceForViewer,
  myInvoices,
  requestInvoice,
  saveFiscalData,
  toOrderInvoice,
} from './service';

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fiscal-data',
    {
      onRequest: requireUser,
      schema: {
        tags: ['invoice'],
        summary: 'Datos fiscales guardados en la cuenta (o null)',
        security: tokenSecurity,
        response: { 200: fiscalDataResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      fiscalData: await getFiscalData(app.db.db, currentUser(req).id),
    }),
  );

  app.put(
    '/fiscal-data',
    {
      onRequest: requireUser,
      schema: {
        tags: ['invoice'],
        summary: 'Guardar los datos fiscales (RFC, razón social, régimen, uso CFDI, C.P.)',
        security: tokenSecurity,
        body: fiscalData,
        response: { 200: saveFiscalDataResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      await saveFiscalData(app.db.db, currentUser(req).id, req.body);
      return { success: true as const, message: MSG.fiscalDataSaved, fiscalData: req.body };
    },
  );

  app.get(
    '/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['invoice'],
        summary: 'Las facturas solicitadas por el usuario, con su estado',
        security: tokenSecurity,
        response: { 200: myInvoicesResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({ success: true as const, invoices: await myInvoices(app.db.db, currentUser(req).id) }),
  );

  app.post(
    '/request',
    {
      onRequest: requireUser,
      schema: {
        tags: ['invoice'],
        summary: 'Solicitar la factura de una orden pagada (dentro del mes de pago)',
        security: tokenSecurity,
        body: requestInvoiceBody,
        response: { 200: requestInvoiceResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const row = await requestInvoice(app.db.db, currentUser(req).id, req.body.orderId, req.body.fiscalData);
      return { success: true as const, message: MSG.invoiceRequested, invoice: toOrderInvoice(row) };
    },
  );

  app.get(
    '/credit-note/:id/:format',
    {
      onRequest: requireUser,
      schema: {
        tags: ['invoice'],
        summary: 'Descargar el XML o el PDF de una nota de crédito (su comprador o un administrador)',
        security: tokenSecurity,
        params: invoiceFileParams,
        response: { 200: z.any(), ...errorResponses(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const viewer = currentUser(req);
      const { note, invoice } = await creditNoteForViewer(app.db.db, req.params.id, viewer);
      const key = req.params.format === 'xml' ? note.xmlKey : note.pdfKey;
      if (!key) throw new AppError('not_found', MSG.creditNoteNotReady);
      return sendPrivateFile(reply, app.storage, key, {
        filename: `Nota de credito ${orderReference(note.orderId)}.${req.params.format}`,
        beforeSend: () =>
          auditDownloadBy(app.db.db, viewer, {
            kind: 'credit_note',
            id: note.id,
            orderId: note.orderId,
            buyerId: invoice.userId,
            format: req.params.format,
          }),
      });
    },
  );

  app.get(
    '/:id/:format',
    {
      onRequest: requireUser,
      schema: {
        tags: ['invoice'],
        summary: 'Descargar el XML o el PDF del CFDI (su comprador o un administrador)',
        security: tokenSecurity,
        params: invoiceFileParams,
        response: { 200: z.any(), ...errorResponses(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const viewer = currentUser(req);
      const row = await invoiceForViewer(app.db.db, req.params.id, viewer);
      const key = req.params.format === 'xml' ? row.xmlKey : row.pdfKey;
      if (!key) throw new AppError('not_found', MSG.invoiceNotReady);
      return sendPrivateFile(reply, app.storage, key, {
        filename: `CFDI ${orderReference(row.orderId)}.${req.params.format}`,
        beforeSend: () =>
          auditDownloadBy(app.db.db, viewer, {
            kind: 'invoice',
            id: row.id,
            orderId: row.orderId,
            buyerId: row.userId,
            format: req.params.format,
          }),
      });
    },
  );
};
