// /api/admin/events: list with search, detail, create, edit, duplicate, archive, unarchive,
// publish a draft and take an event back to draft.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminIdParams } from '@store/shared/schemas/admin/common';
import {
  adminEventInput,
  adminEventResponse,
  adminEventsQuery,
  adminEventsResponse,
} from '@store/shared/schemas/admin/events';
import { errorResponse } from '@store/shared/schemas/common';
import { currentUser } from '../../../plugins/auth';
import {
  createEvent,
  duplicateEvent,
  getAdminEvent,
  listAdminEvents,
  publishEvent,
  setEventActive,
  unpublishEvent,
  updateEvent,
} from './service';

const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.storage;

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Eventos (activos y archivados), con búsqueda por nombre',
        querystring: adminEventsQuery,
        response: { 200: adminEventsResponse, 400: errorResponse },
      },
    },
    async (req) => ({ success: true as const, events: await listAdminEvents(app.db.db, req.query) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Un evento con sus días, enlaces y cupos',
        params: adminIdParams,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, event: await getAdminEvent(app.db.db, req.params.id) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Crear un evento (draft: true lo guarda como borrador; sin draft se publica al crearlo, como antes de los borradores)',
        body: adminEventInput,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (req) => {
      const event = await createEvent(app.db.db, storage, currentUser(req).id, req.body);
      return {
        success: true as const,
        event,
        message: event.draft ? ADMIN_MSG.eventDraftCreated : ADMIN_MSG.eventCreated,
      };
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Editar un evento (los días existentes se conservan por su _id)',
        params: adminIdParams,
        body: adminEventInput,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      event: await updateEvent(
        app.db.db,
        storage,
        app.mailSettings,
        currentUser(req).id,
        req.params.id,
        req.body,
      ),
      message: ADMIN_MSG.eventSaved,
    }),
  );

  app.post(
    '/:id/duplicate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Duplicar un evento (la copia queda como borrador)',
        params: adminIdParams,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      event: await duplicateEvent(app.db.db, currentUser(req).id, req.params.id),
      message: ADMIN_MSG.eventDuplicated,
    }),
  );

  app.post(
    '/:id/archive',
    {
      schema: {
        tags: ['admin'],
        summary: 'Archivar: sale del catálogo; órdenes y accesos se conservan',
        params: adminIdParams,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      event: await setEventActive(app.db.db, currentUser(req).id, req.params.id, false),
      message: ADMIN_MSG.eventArchived,
    }),
  );

  app.post(
    '/:id/unarchive',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publicar de nuevo un evento archivado',
        params: adminIdParams,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      event: await setEventActive(app.db.db, currentUser(req).id, req.params.id, true),
      message: ADMIN_MSG.eventUnarchived,
    }),
  );

  app.post(
    '/:id/publish',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Publicar un borrador: se revisa que esté completo (nombre, descripción, precio, portada, un día por venir)',
        params: adminIdParams,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      event: await publishEvent(app.db.db, currentUser(req).id, req.params.id),
      message: ADMIN_MSG.eventPublished,
    }),
  );

  app.post(
    '/:id/unpublish',
    {
      schema: {
        tags: ['admin'],
        summary: 'Volver a borrador: sale de la tienda; no se puede si el evento ya tiene ventas',
        params: adminIdParams,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      event: await unpublishEvent(app.db.db, currentUser(req).id, req.params.id),
      message: ADMIN_MSG.eventUnpublished,
    }),
  );
};
