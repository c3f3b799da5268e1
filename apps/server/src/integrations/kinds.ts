import {
  apiPathFor,
  getIntegrationKind,
  INTEGRATION_KINDS,
  integrationCatalogue,
  oauthCallbackRoutes,
  type IntegrationKind,
} from "@cuepoint/sdk";
import { badRequest, notFound } from "../http/errors.js";

/**
 * The kind a path segment names: the lower-case kind (`mailchimp`), the kind's API path
 * (`fbaudience`), or the stem of its §2 callback route (`fb`, `goto`), so the dashboard's
 * `/{integration}callback` pages can call `/oauth/{integration}/callback` as they are named.
 */
export function kindFromPath(segment: string | undefined): IntegrationKind {
  const lower = (segment ?? "").toLowerCase();
  const direct = INTEGRATION_KINDS.find((kind) => kind.toLowerCase() === lower || apiPathFor(kind) === lower);
  const viaCallback = (oauthCallbackRoutes as Record<string, { kind: IntegrationKind }>)[`${lower}callback`]?.kind;
  const kind = direct ?? viaCallback;
  if (!kind) throw notFound(`There is no integration kind "${segment ?? ""}".`);
  return kind;
}

/** The kind of a `blocks.type`, case-insensitively; 400 on `blocks.type` when unknown. */
export function kindFromType(type: string): IntegrationKind {
  const entry = getIntegrationKind(type);
  if (!entry) throw badRequest(`"${type}" is not an integration type this server knows.`, "blocks.type");
  return entry.type;
}

export const labelOf = (kind: IntegrationKind): string => integrationCatalogue[kind].label;
