// /api/admin/orders: filtered list, detail, mark a cash order paid, cancel, refund (through
// PayPal for PayPal orders, recorded otherwise).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mexicoCityDate } from '@store/shared/domain/time';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminIdParams } from '@store/shared/schemas/admin/common';
import {
  adminOrderNoteBody,
  adminOrderResponse,
  adminOrdersExportQuery,
  adminOrdersQuery,
  adminOrdersResponse,
  adminRefundBody,
} from '@store/shared/schemas/admin/orders';
import { errorResponse } from '@store/shared/schemas/common';
import { currentUser } from '../../../plugins/auth';
import { createPaymentDeps } from '../../payments/registry';
import {
  allowAnotherTransfer,
  cancelAdminOrder,
  exportAdminOrders,
  getAdminOrder,
  listAdminOrders,
  markCashOrderPaid,
  refundAdminOrder,
} from './service';

const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };
const refundErrors = { ...errors, 402: errorResponse, 503: errorResponse };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // PayPal orders are refunded through PayPal's refund API.
  const paymentDeps = createPaymentDeps({ db: app.db.db, config: app.config, log: app.log });
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Órdenes, filtradas por evento, día, estado, método y fecha',
        querystring: adminOrdersQuery,
        response: { 200: adminOrdersResponse, 400: errorResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await listAdminOrders(app.db.db, req.query)) }),
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Órdenes filtradas en CSV (UTF-8 con BOM, para Excel); queda en la auditoría',
        produces: ['text/csv'],
        querystring: adminOrdersExportQuery,
        // Sent as text/csv, so Fastify passes the string through without JSON serialisation.
        response: { 200: z.string(), 400: errorResponse },
      },
    },
    async (req, reply) => {
      const { csv } = await exportAdminOrders(app.db.db, currentUser(req).id, req.query);
      const name = `ordenes-${mexicoCityDate(new Date())}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Detalle de una orden con su historial',
        params: adminIdParams,
        response: { 200: adminOrderResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, order: await getAdminOrder(app.db.db, req.params.id) }),
  );

  app.post(
    '/:id/mark-paid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marcar como pagada una orden pendiente de pago en efectivo',
        params: adminIdParams,
        body: adminOrderNoteBody,
        response: { 200: adminOrderResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      order: await markCashOrderPaid(app.db.db, currentUser(req).id, req.params.id, req.body.note),
      message: ADMIN_MSG.orderMarkedPaid,
    }),
  );

  app.post(
    '/:id/allow-transfer',
    {
      schema: {
        tags: ['admin'],
        summary: 'Permitir una transferencia más por día a un colega en una orden pagada',
        params: adminIdParams,
        body: adminOrderNoteBody,
        response: { 200: adminOrderResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      order: await allowAnotherTransfer(app.db.db, currentUser(req).id, req.params.id, req.body.note),
      message: ADMIN_MSG.transferAllowed,
    }),
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancelar una orden (revoca el acceso y libera los lugares)',
        params: adminIdParams,
        body: adminOrderNoteBody,
        response: { 200: adminOrderResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      order: await cancelAdminOrder(app.db.db, currentUser(req).id, req.params.id, req.body.note),
      message: ADMIN_MSG.orderCancelled,
    }),
  );

  app.post(
    '/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reembolsar: por PayPal si se pagó con PayPal; si no, registrar el hecho fuera de la tienda',
        params: adminIdParams,
        body: adminRefundBody,
        response: { 200: adminOrderResponse, ...refundErrors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await refundAdminOrder(paymentDeps, currentUser(req).id, req.params.id, req.body)),
    }),
  );
};
