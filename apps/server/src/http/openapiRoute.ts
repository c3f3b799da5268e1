import { openApiDocument } from "./openapi.js";
import { defineRoute, type Route } from "./route.js";

/** `GET /openapi.json`, built from the table it is part of (passed lazily) once, on first call. */
export function openApiRoute(table: () => readonly Route[]): Route {
  let document: Record<string, unknown> | undefined;
  return defineRoute({
    method: "GET",
    path: "/openapi.json",
    operationId: "openapi",
    tag: "Server",
    summary: "This document",
    access: "public",
    answer: { description: "The OpenAPI 3.1 document." },
    handle: async () => (document ??= openApiDocument(table())),
  });
}
