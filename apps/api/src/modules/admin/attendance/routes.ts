// /api/admin/attendance: minutes and check-ins per person and day, the event's attendance
// percentage, door check-in (ticket QR or search) and constancias (docs/attendance.md).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import {
  adminAttendancePercentBody,
  adminAttendanceQuery,
  adminAttendanceResponse,
  adminCheckinBody,
  adminCheckinResponse,
  adminCheckinSearchQuery,
  adminCheckinSearchResponse,
  adminConstanciaResponse,
  adminFolioParams,
  adminIssueConstanciaBody,
  adminAttendanceCorrectionBody,
  adminAutoConstanciasBody,
  adminCouncilReportQuery,
  adminRevokeConstanciaBody,
} from '@store/shared/schemas/admin/attendance';
import { errorResponse, okResponse } from '@store/shared/schemas/common';
import {
  adminEvaluationBody,
  adminEvaluationCsvQuery,
  adminEvaluationQuery,
  adminEvaluationResponse,
} from '@store/shared/schemas/evaluation';
import { z } from 'zod';
import { slug } from '../attendees/csv';
import { getEvaluation, putEvaluation } from './evaluation';
import { exportEvaluation } from './evaluation-export';
import { errorResponses } from '../../../lib/route-schemas';
import { currentUser } from '../../../plugins/auth';
import {
  adminCheckIn,
  adminIssueConstancia,
  adminReissueConstancia,
  adminRevokeConstancia,
  getAttendance,
  correctAttendance,
  searchForCheckin,
  updateAttendancePercent,
  updateAutoConstancias,
} from './service';
import { councilReport } from './council-report';
import { XLSX_TYPE } from '../../../lib/xlsx';

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Asistencia de un evento: minutos vistos y registros por persona y día, y constancias',
        querystring: adminAttendanceQuery,
        response: { 200: adminAttendanceResponse, ...errorResponses(400, 404) },
      },
    },
    async (req) => ({ success: true as const, ...(await getAttendance(app.db.db, req.query.productId)) }),
  );

  app.put(
    '/percent',
    {
      schema: {
        tags: ['admin'],
        summary: 'Porcentaje de la duración de un día que cuenta como asistencia en línea',
        body: adminAttendancePercentBody,
        response: { 200: okResponse, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      await updateAttendancePercent(app.db.db, currentUser(req).id, req.body.productId, req.body.percent);
      return { success: true as const, message: ADMIN_MSG.attendancePercentSaved };
    },
  );

  app.post(
    '/checkin',
    {
      schema: {
        tags: ['admin'],
        summary: 'Registrar la asistencia presencial (boleto escaneado o persona buscada); idempotente',
        body: adminCheckinBody,
        response: { 200: adminCheckinResponse, ...errorResponses(400, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await adminCheckIn(app.db.db, app.config.JWT_SECRET, req.body, currentUser(req).id, new Date())),
    }),
  );

  app.get(
    '/checkin/search',
    {
      schema: {
        tags: ['admin'],
        summary: 'Buscar por nombre, correo o cédula a quien pagó un día',
        querystring: adminCheckinSearchQuery,
        response: { 200: adminCheckinSearchResponse, ...errorResponses(400) },
      },
    },
    async (req) => ({
      success: true as const,
      people: await searchForCheckin(app.db.db, req.query.productDayId, req.query.q),
    }),
  );

  app.post(
    '/constancias',
    {
      schema: {
        tags: ['admin'],
        summary: 'Emitir (y enviar por correo) la constancia de una persona para un evento',
        body: adminIssueConstanciaBody,
        response: { 200: adminConstanciaResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (req) => {
      const folio = await adminIssueConstancia(
        app.db.db,
        app.storage,
        app.mailSettings,
        currentUser(req).id,
        req.body,
        new Date(),
      );
      return { success: true as const, folio, message: ADMIN_MSG.constanciaIssued };
    },
  );

  app.post(
    '/constancias/:folio/revoke',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Revocar una constancia con su motivo (su folio dirá que fue revocada; se avisa a la persona)',
        params: adminFolioParams,
        body: adminRevokeConstanciaBody,
        response: { 200: adminConstanciaResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (req) => {
      const row = await adminRevokeConstancia(
        app.db.db,
        app.mailSettings,
        currentUser(req).id,
        req.params.folio,
        req.body.note,
        new Date(),
      );
      return { success: true as const, folio: row.folio, message: ADMIN_MSG.constanciaRevoked };
    },
  );

  app.post(
    '/constancias/:folio/reissue',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revocar una constancia y emitir otra (folio nuevo) con los datos y la asistencia actuales',
        params: adminFolioParams,
        response: { 200: adminConstanciaResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (req) => {
      const folio = await adminReissueConstancia(
        app.db.db,
        app.storage,
        app.mailSettings,
        currentUser(req).id,
        req.params.folio,
        new Date(),
      );
      return { success: true as const, folio, message: ADMIN_MSG.constanciaIssued };
    },
  );

  app.put(
    '/auto',
    {
      schema: {
        tags: ['admin'],
        summary: 'Emitir solas (o solo a mano) las constancias del evento al cerrar su último día',
        body: adminAutoConstanciasBody,
        response: { 200: okResponse, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      await updateAutoConstancias(app.db.db, currentUser(req).id, req.body.productId, req.body.auto);
      return {
        success: true as const,
        message: req.body.auto ? ADMIN_MSG.constanciaAutoOn : ADMIN_MSG.constanciaAutoOff,
      };
    },
  );

  app.put(
    '/correction',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Corregir la asistencia de una persona en un día (cuenta o no, con motivo; null la quita). Revoca la constancia que acreditaba un día retirado',
        body: adminAttendanceCorrectionBody,
        response: { 200: okResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (req) => {
      const done = await correctAttendance(
        app.db.db,
        app.mailSettings,
        currentUser(req).id,
        req.body,
        new Date(),
      );
      const revoked = done.revoked.length > 0 ? ` ${ADMIN_MSG.attendanceCorrectionRevoked}` : '';
      return {
        success: true as const,
        message: `${done.removed ? ADMIN_MSG.attendanceCorrectionRemoved : ADMIN_MSG.attendanceCorrectionSaved}${revoked}`,
      };
    },
  );

  app.get(
    '/report',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Informe para el consejo que avala: asistentes con horas, puntos, evaluación y folio (CSV o XLSX); queda en la bitácora',
        produces: ['text/csv', XLSX_TYPE],
        querystring: adminCouncilReportQuery,
        response: { 200: z.any(), 400: errorResponse, 404: errorResponse },
      },
    },
    async (req, reply) => {
      const report = await councilReport(app.db.db, currentUser(req).id, req.query, new Date());
      return reply
        .type(report.contentType)
        .header(
          'Content-Disposition',
          `attachment; filename="${report.filename}"; filename*=UTF-8''${encodeURIComponent(report.filename)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(report.body);
    },
  );

  app.get(
    '/evaluation',
    {
      schema: {
        tags: ['admin'],
        summary: 'La evaluación (encuesta y/o examen) que el evento pide antes de la constancia',
        querystring: adminEvaluationQuery,
        response: { 200: adminEvaluationResponse, ...errorResponses(400, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      evaluation: await getEvaluation(app.db.db, req.query.productId),
    }),
  );

  app.put(
    '/evaluation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Guardar la evaluación del evento (sin preguntas: quitarla)',
        body: adminEvaluationBody,
        response: { 200: adminEvaluationResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (req) => {
      const done = await putEvaluation(app.db.db, currentUser(req).id, req.body, new Date());
      return {
        success: true as const,
        evaluation: await getEvaluation(app.db.db, req.body.productId),
        message: done === 'removed' ? ADMIN_MSG.evaluationRemoved : ADMIN_MSG.evaluationSaved,
      };
    },
  );

  app.get(
    '/evaluation/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Resultados de la evaluación en CSV, por persona o por pregunta',
        produces: ['text/csv'],
        querystring: adminEvaluationCsvQuery,
        // Sent as text/csv, so Fastify passes the string through without JSON serialisation.
        response: { 200: z.string(), 400: errorResponse, 404: errorResponse },
      },
    },
    async (req, reply) => {
      const { eventName, csv } = await exportEvaluation(app.db.db, currentUser(req).id, req.query);
      const name = `evaluacion-${req.query.view}-${slug(eventName)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
};
