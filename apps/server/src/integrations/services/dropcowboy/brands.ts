import type { ServiceList } from "@cuepoint/sdk";
import { ServiceError } from "../../serviceCall.js";
import type { ServiceContext } from "../types.js";
import { API_V1, teamHeaders, teamOf } from "./auth.js";

/** One brand of the team's Trust Center, as much as Cuepoint reads of it. */
interface BrandAnswer {
  brand_id?: string;
  id?: string;
  brand_name?: string;
  name?: string;
}

/**
 * The brands in an answer of `GET /v1/brand`. Drop Cowboy's reference shows the request
 * (api-credentials page) but not the answer's body: the brands are read as a list, at the top or
 * under `data` or `brands`, each identified by `brand_id` (the name the RVM page gives the field
 * a send takes) or `id`, and named by `brand_name` or `name`.
 */
function brandsIn(answer: unknown): ServiceList[] {
  const record = answer && typeof answer === "object" ? (answer as Record<string, unknown>) : {};
  const list = Array.isArray(answer) ? answer : Array.isArray(record.data) ? record.data : Array.isArray(record.brands) ? record.brands : undefined;
  if (!list) throw new ServiceError("Drop Cowboy answered GET /brand without a list of brands.", "unreachable");
  return (list as BrandAnswer[]).flatMap((brand) => {
    const id = String(brand?.brand_id ?? brand?.id ?? "").trim();
    return id ? [{ id, name: String(brand.brand_name ?? brand.name ?? id) }] : [];
  });
}

/**
 * The team's brands (`GET /v1/brand`, headers `x-team-id` and `x-secret`): the connection check
 * reads them, and `sendRvm` needs one (`brand_id`, "located in your account's trust center").
 *
 * @example
 * await readBrands(ctx); // [{ id: "2c9d4e1f-…", name: "Acme Events" }]
 */
export async function readBrands(ctx: ServiceContext): Promise<ServiceList[]> {
  const team = teamOf(ctx.credentials);
  if (!team) throw new ServiceError("Drop Cowboy needs the Team ID and secret.", "refused");
  return brandsIn(await ctx.call(ctx.url(`${API_V1}/brand`), { headers: teamHeaders(team) }));
}
