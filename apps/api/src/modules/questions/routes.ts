// /api/questions/*: the signed-in member's registration questions (docs/questions.md): those of
// an event they hold or have in the cart, those of the cart's events at checkout, the events
// still waiting for their answers, and saving the answers of one event (all or none).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUESTION_MSG } from '@store/shared/question-messages';
import {
  checkoutQuestionsResponse,
  eventQuestionsResponse,
  pendingQuestionsResponse,
  saveAnswersBody,
  saveAnswersResponse,
} from '@store/shared/schemas/questions';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { checkoutQuestions, memberEventQuestions, pendingRegistrations, saveAnswers } from './service';

export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/event/:productId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['questions'],
        summary:
          'Preguntas de registro de un evento que tienes: tus respuestas (o las propuestas) y hasta cuándo',
        security: tokenSecurity,
        params: z.object({ productId: z.string().min(1).max(64) }),
        response: { 200: eventQuestionsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      event: await memberEventQuestions(app.db.db, currentUser(req).id, req.params.productId),
    }),
  );

  app.get(
    '/checkout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['questions'],
        summary: 'Preguntas de registro de los eventos del carrito (solo los que preguntan algo)',
        security: tokenSecurity,
        response: { 200: checkoutQuestionsResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      events: await checkoutQuestions(app.db.db, currentUser(req).id),
    }),
  );

  app.get(
    '/pending',
    {
      onRequest: requireUser,
      schema: {
        tags: ['questions'],
        summary: 'Eventos que tienes con el registro incompleto y que aún puedes completar',
        security: tokenSecurity,
        response: { 200: pendingQuestionsResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await pendingRegistrations(app.db.db, currentUser(req).id)),
    }),
  );

  app.post(
    '/answers',
    {
      onRequest: requireUser,
      schema: {
        tags: ['questions'],
        summary:
          'Guardar las respuestas de un evento: todas o ninguna; una respuesta mal escrita se nombra en problems',
        security: tokenSecurity,
        body: saveAnswersBody,
        response: { 200: saveAnswersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      message: QUESTION_MSG.answersSaved,
      event: await saveAnswers(app.db.db, currentUser(req).id, req.body),
    }),
  );
};
