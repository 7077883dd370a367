// /api/product/*: the public catalogue, and one product with the caller's stream links.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productIdParams,
  productListQuery,
  productListResponse,
  productSingleResponse,
} from '@store/shared/schemas/product';
import { errorResponse } from '@store/shared/schemas/common';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { sendCached } from '../../lib/http-cache';
import { getProductForUser } from './service';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags: ['product'],
        summary:
          'Eventos a la venta, del más reciente al más antiguo: sin parámetros, los que tienen algún día por terminar; ?estado=finalizados los terminados (del más reciente) o ?estado=todos',
        querystring: productListQuery,
        response: { 200: productListResponse, 400: errorResponse, 500: errorResponse },
      },
    },
    async (req, reply) =>
      sendCached(
        req,
        reply,
        await app.catalogue.list(req.query.estado),
        'application/json; charset=utf-8',
        // Stored, but checked with the server each time (a 304 while nothing changed).
        'public, no-cache',
      ),
  );

  app.get(
    '/single/:id',
    {
      onRequest: requireUser,
      // Hot at stream start (every buyer opens the stream page): fast-json-stringify from the schema.
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['product'],
        summary: 'Un evento con dayLinks solo de los días que pagaste',
        security: tokenSecurity,
        params: productIdParams,
        response: { 200: productSingleResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      product: await getProductForUser(
        app.db.db,
        app.catalogue,
        app.userViews,
        currentUser(req),
        req.params.id,
      ),
    }),
  );
};
