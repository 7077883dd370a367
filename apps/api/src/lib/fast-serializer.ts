// Response serialisation for the hot routes: the route's zod response schema, converted once
// to JSON Schema, compiled by fast-json-stringify. Like the zod serializer it writes only the
// keys the schema declares (objects are closed), and a missing required field is an error
// (500), never a silently shorter answer. Schemas JSON Schema cannot express (transforms)
// keep the zod serializer.

import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A route's `serializerCompiler`; `route.schema` is one response schema (zod). */
export function fastSerializerCompiler<S>(route: FastifyRouteSchemaDef<S>): (data: unknown) => string {
  let json: object;
  try {
    json = z.toJSONSchema(route.schema as z.ZodType, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    });
  } catch {
    return zodSerializerCompiler(route as never);
  }
  return fastJson(json as Parameters<typeof fastJson>[0]);
}
