// /api/invoice/*: the member's fiscal data, CFDI requests for paid orders and the stamped
// files of every document, invoice, credit note or payment complement (docs/cfdi.md → API).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
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
import { cfdiFileName } from '../mail/catalogue/cfdi-document';
import { complementFileName } from './complement-email';
import {
  auditDownloadBy,
  documentForViewer,
  getFiscalData,
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
    '/:id/:format',
    {
      onRequest: requireUser,
      schema: {
        tags: ['invoice'],
        summary:
          'Descargar el XML o el PDF de un CFDI: factura, nota de crédito o complemento de pago (su comprador o un administrador)',
        security: tokenSecurity,
        params: invoiceFileParams,
        response: { 200: z.any(), ...errorResponses(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const viewer = currentUser(req);
      const { format } = req.params;
      const doc = await documentForViewer(app.db.db, req.params.id, viewer);
      const key = format === 'xml' ? doc.xmlKey : doc.pdfKey;
      if (!key)
        throw new AppError('not_found', doc.kind === 'E' ? MSG.creditNoteNotReady : MSG.invoiceNotReady);
      return sendPrivateFile(reply, app.storage, key, {
        filename:
          doc.kind === 'pago'
            ? complementFileName(doc.orderId, format)
            : cfdiFileName(doc.kind, doc.orderId, format),
        beforeSend: () => auditDownloadBy(app.db.db, viewer, doc, format),
      });
    },
  );
};
