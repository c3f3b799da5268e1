import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import type { Route } from "./route.js";

type JsonObject = Record<string, unknown>;

/**
 * JSON Schema of an SDK valibot schema. Rules written as custom checks (the password and email
 * rules) and transforms (multipart spellings) have no JSON Schema form; they are left out of
 * the schema and described in the route's text instead of failing the document.
 */
const jsonSchema = (schema: v.GenericSchema): JsonObject => {
  const { $schema: _drop, ...rest } = toJsonSchema(schema, { errorMode: "ignore", typeMode: "input" }) as JsonObject;
  return rest;
};

const ERROR = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ERROR } } });

/** `/oauth/personal-access-tokens/:id` → `/oauth/personal-access-tokens/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function operation(route: Route): JsonObject {
  const responses: JsonObject = {
    "200": {
      description: route.answer.description,
      ...(route.answer.schema && {
        content: { [route.answer.contentType ?? "application/json"]: { schema: jsonSchema(route.answer.schema) } },
      }),
    },
  };
  if (route.body || route.query)
    responses["400"] = errorResponse("Bad input: `message` says what to fix, `field` names the input.");
  if (route.access !== "public") responses["401"] = errorResponse("No valid bearer token.");
  if (route.access !== "public" && route.access !== "optional")
    responses["403"] = errorResponse("The token may not make this call (scope, session-only, disabled account).");
  const parameters = [
    ...[...route.path.matchAll(/:(\w+)/g)].map((match) => ({
      name: match[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    })),
    ...Object.entries((route.query && (jsonSchema(route.query).properties as JsonObject | undefined)) ?? {}).map(
      ([name, schema]) => ({
        name,
        in: "query",
        required: false,
        schema,
      }),
    ),
  ];
  const body = route.body && jsonSchema(route.body);
  const encodings =
    route.encoding === "multipart"
      ? ["multipart/form-data", "application/json"]
      : ["application/json", "multipart/form-data"];
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description && { description: route.description }),
    ...(route.access !== "public" && {
      security: [{ bearer: [] }],
      "x-access": route.access,
    }),
    ...(parameters.length > 0 && { parameters }),
    ...(body && {
      requestBody: { required: true, content: Object.fromEntries(encodings.map((type) => [type, { schema: body }])) },
    }),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the API, generated from the route table (the same objects that
 * register the routes) with request schemas converted from the SDK's valibot schemas by
 * @valibot/to-json-schema. `x-access` names what a route needs: a scope, `session` (a logged-in
 * person, not a personal access token), `user` (any valid token) or `optional`.
 */
export function openApiDocument(routes: readonly Route[]): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Cuepoint API",
      version: "0.1.0",
      description:
        "The API of spec §7. Bodies are JSON or multipart/form-data (multipart fields hold JSON text for objects and " +
        "`true`/`false` for booleans). Errors answer `{ success: false, message, field? }`.",
    },
    servers: [{ url: "/api" }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "A session token (from login) or a personal access token (`cpat_…`).",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["success", "message"],
          properties: { success: { const: false }, message: { type: "string" }, field: { type: "string" } },
        },
      },
    },
    paths,
  };
}
