// /api/admin/coupons: list, detail, create, edit, deactivate, activate.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminIdParams } from '@store/shared/schemas/admin/common';
import {
  adminCouponInput,
  adminCouponResponse,
  adminCouponsResponse,
} from '@store/shared/schemas/admin/coupons';
import { errorResponse } from '@store/shared/schemas/common';
import { currentUser } from '../../../plugins/auth';
import { createCoupon, getAdminCoupon, listAdminCoupons, setCouponActive, updateCouponById } from './service';

const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { tags: ['admin'], summary: 'Cupones con sus usos', response: { 200: adminCouponsResponse } },
    },
    async () => ({ success: true as const, coupons: await listAdminCoupons(app.db.db) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Un cupón',
        params: adminIdParams,
        response: { 200: adminCouponResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, coupon: await getAdminCoupon(app.db.db, req.params.id) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Crear un cupón',
        body: adminCouponInput,
        response: { 200: adminCouponResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      coupon: await createCoupon(app.db.db, currentUser(req).id, req.body),
      message: ADMIN_MSG.couponCreated,
    }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Editar un cupón',
        params: adminIdParams,
        body: adminCouponInput,
        response: { 200: adminCouponResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      coupon: await updateCouponById(app.db.db, currentUser(req).id, req.params.id, req.body),
      message: ADMIN_MSG.couponSaved,
    }),
  );

  app.post(
    '/:id/deactivate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Desactivar un cupón (deja de aceptarse; las órdenes lo conservan)',
        params: adminIdParams,
        response: { 200: adminCouponResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      coupon: await setCouponActive(app.db.db, currentUser(req).id, req.params.id, false),
      message: ADMIN_MSG.couponDeactivated,
    }),
  );

  app.post(
    '/:id/activate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activar de nuevo un cupón',
        params: adminIdParams,
        response: { 200: adminCouponResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      coupon: await setCouponActive(app.db.db, currentUser(req).id, req.params.id, true),
      message: ADMIN_MSG.couponActivated,
    }),
  );
};
