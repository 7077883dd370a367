// /api/product/*: the public catalogue.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListResponse } from '@store/shared/schemas/product';
import { errorResponse } from '@store/shared/schemas/common';
import { listProducts } from './service';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags: ['product'],
        summary: 'Eventos a la venta, del más reciente al más antiguo',
        response: { 200: productListResponse, 500: errorResponse },
      },
    },
    async () => ({ success: true as const, products: await listProducts(app.db.db) }),
  );
};
