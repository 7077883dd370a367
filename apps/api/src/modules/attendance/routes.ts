// /api/attendance/*: professional profile, stream heartbeats, tickets and one's constancias;
// /api/constancias/{folio}: the public verification of a folio (docs/attendance.md → API).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import {
  constanciaVerification,
  folioParam,
  heartbeatBody,
  heartbeatResponse,
  myAttendanceQuery,
  myAttendanceResponse,
  myConstanciasResponse,
  professionalProfileInput,
  professionalProfileResponse,
  ticketsResponse,
  constanciaPdfQuery,
  myAttendanceSummaryResponse,
} from '@store/shared/schemas/attendance';
import {
  evaluationAnswersBody,
  evaluationParams,
  evaluationResultResponse,
  myEvaluationsResponse,
} from '@store/shared/schemas/evaluation';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { sendPrivateFile } from '../../lib/storage/send-file';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimits } from '../../plugins/rate-limit';
import { myEvaluations, submitEvaluation } from './evaluation';
import {
  getProfessionalProfile,
  listTickets,
  myAttendance,
  myConstancias,
  ownConstanciaFile,
  recordHeartbeat,
  saveProfessionalProfile,
  verifyConstancia,
  myAttendanceSummary,
} from './service';

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/profile',
    {
      schema: {
        tags: ['attendance'],
        summary: 'Datos profesionales para constancias (o null si aún no se han dado)',
        security: tokenSecurity,
        response: { 200: professionalProfileResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      profile: await getProfessionalProfile(app.db.db, currentUser(req).id),
    }),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['attendance'],
        summary:
          'Guardar los datos profesionales (nombre como en la constancia, cédula, especialidad, institución)',
        security: tokenSecurity,
        body: professionalProfileInput,
        response: { 200: professionalProfileResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => ({
      success: true as const,
      profile: await saveProfessionalProfile(app.db.db, currentUser(req).id, req.body, new Date()),
      message: MSG.profileSaved,
    }),
  );

  app.post(
    '/heartbeat',
    {
      config: { rateLimit: rateLimits(app.config).heartbeat },
      schema: {
        tags: ['attendance'],
        summary: 'El reproductor de un día sigue reproduciendo: suma el tiempo real transcurrido',
        security: tokenSecurity,
        body: heartbeatBody,
        response: { 200: heartbeatResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req) => ({
      success: true as const,
      attendance: await recordHeartbeat(app.db.db, currentUser(req).id, req.body, new Date()),
    }),
  );

  app.get(
    '/mine',
    {
      schema: {
        tags: ['attendance'],
        summary: 'Tiempo de conexión por día pagado de un evento',
        security: tokenSecurity,
        querystring: myAttendanceQuery,
        response: { 200: myAttendanceResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => ({
      success: true as const,
      days: await myAttendance(app.db.db, currentUser(req).id, req.query.productId),
    }),
  );

  app.get(
    '/tickets',
    {
      schema: {
        tags: ['attendance'],
        summary: 'Boletos con código QR de cada día pagado de eventos presenciales',
        security: tokenSecurity,
        response: { 200: ticketsResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      tickets: await listTickets(app.db.db, app.config.JWT_SECRET, currentUser(req).id),
    }),
  );

  app.get(
    '/constancias',
    {
      schema: {
        tags: ['attendance'],
        summary: 'Constancias de la cuenta (vigentes y revocadas)',
        security: tokenSecurity,
        response: { 200: myConstanciasResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      constancias: await myConstancias(app.db.db, currentUser(req).id),
    }),
  );

  app.get(
    '/summary',
    {
      schema: {
        tags: ['attendance'],
        summary: 'Asistencia por día de cada evento empezado (qué contó y por qué) y en qué va su constancia',
        security: tokenSecurity,
        response: { 200: myAttendanceSummaryResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      events: await myAttendanceSummary(app.db.db, currentUser(req).id, new Date()),
    }),
  );

  app.get(
    '/evaluations',
    {
      schema: {
        tags: ['attendance'],
        summary:
          'Evaluaciones de los eventos de la cuenta: estado, intentos y preguntas si se pueden responder',
        security: tokenSecurity,
        response: { 200: myEvaluationsResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      evaluations: await myEvaluations(app.db.db, currentUser(req).id, new Date()),
    }),
  );

  app.post(
    '/evaluations/:productId',
    {
      schema: {
        tags: ['attendance'],
        summary: 'Responder la evaluación de un evento (un intento)',
        security: tokenSecurity,
        params: evaluationParams,
        body: evaluationAnswersBody,
        response: { 200: evaluationResultResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await submitEvaluation(
        app.db.db,
        currentUser(req).id,
        req.params.productId,
        req.body.answers,
        new Date(),
      )),
    }),
  );

  app.get(
    '/constancias/:folio/pdf',
    {
      schema: {
        tags: ['attendance'],
        summary: 'Descargar el PDF de una constancia propia (papel carta o A4)',
        security: tokenSecurity,
        produces: ['application/pdf'],
        params: folioParam,
        querystring: constanciaPdfQuery,
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const file = await ownConstanciaFile(app.db.db, currentUser(req).id, req.params.folio, req.query.papel);
      return sendPrivateFile(reply, app.storage, file.fileKey, { filename: file.filename });
    },
  );
};

/** Public: anyone holding a constancia (or its QR) can check it is genuine. */
export const constanciaVerifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = rateLimits(app.config);
  app.get(
    '/:folio',
    {
      config: { rateLimit: limits.coupon },
      schema: {
        tags: ['attendance'],
        summary: 'Verificar un folio de constancia: nombre, evento, horas, aval, fecha y si fue revocada',
        // Any text: an unknown or malformed folio is answered 404 alike.
        params: z.object({ folio: z.string() }),
        response: { 200: constanciaVerification, ...errorResponses(404, 429) },
      },
    },
    async (req) => verifyConstancia(app.db.db, req.params.folio),
  );
};
