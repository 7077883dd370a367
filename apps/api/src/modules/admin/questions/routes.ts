// /api/admin/events/:productId/questions and /answers: an event's registration questions (the
// list, replaced whole) and its attendees' answers with the summary (docs/questions.md).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUESTION_MSG } from '@store/shared/question-messages';
import {
  adminAnswersQuery,
  adminAnswersResponse,
  adminQuestionsResponse,
  saveQuestionsBody,
} from '@store/shared/schemas/questions';
import { errorResponse } from '@store/shared/schemas/common';
import { currentUser } from '../../../plugins/auth';
import { adminQuestionsOf, eventAnswers } from '../../questions/staff';
import { saveEventQuestions } from './service';

const params = z.object({ productId: z.string().min(1).max(64) });
const errors = { 400: errorResponse, 404: errorResponse };

export const questionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:productId/questions',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Preguntas de registro de un evento (y las eliminadas), con cuántas personas respondió cada una',
        params,
        response: { 200: adminQuestionsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, ...(await adminQuestionsOf(app.db.db, req.params.productId)) }),
  );

  app.put(
    '/:productId/questions',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Guardar la lista completa de preguntas, en orden (las que faltan se eliminan; sus respuestas se conservan)',
        params,
        body: saveQuestionsBody,
        response: { 200: adminQuestionsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: QUESTION_MSG.questionsSaved,
      ...(await saveEventQuestions(app.db.db, currentUser(req).id, req.params.productId, req.body.questions)),
    }),
  );

  app.get(
    '/:productId/answers',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Respuestas de quienes tienen días pagados del evento, con filtros y el resumen por pregunta',
        params,
        querystring: adminAnswersQuery,
        response: { 200: adminAnswersResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await eventAnswers(app.db.db, req.params.productId, req.query)),
    }),
  );
};
