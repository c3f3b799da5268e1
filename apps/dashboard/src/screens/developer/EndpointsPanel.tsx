import { apiURL, client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { ListState } from "../../ui/ListState.js";

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  "x-access"?: string;
}
interface OpenApiDocument {
  info?: { title?: string; version?: string };
  paths?: Record<string, Record<string, Operation>>;
}
interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * The API's endpoints grouped by tag, with method, path, summary and what access each needs.
 *
 * @example
 * groupEndpoints({ paths: { "/leads": { get: { tags: ["Leads"], summary: "List" } } } });
 * // [["Leads", [{ method: "GET", path: "/leads", operation: … }]]]
 */
export function groupEndpoints(document: OpenApiDocument): Array<[string, Endpoint[]]> {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Endpoints, rendered from the server's OpenAPI document (`GET /api/openapi.json`). */
export function EndpointsPanel() {
  const doc = useQuery(() => client.request<OpenApiDocument>("GET", "/openapi.json"), []);
  return (
    <ListState query={doc} label="endpoints" isEmpty={(d) => !d.paths || Object.keys(d.paths).length === 0} empty="The server lists no endpoints.">
      {(document) => (
        <div className="stack">
          <p>
            Base address <code>{apiURL}</code>. Send <code>Authorization: Bearer &lt;token&gt;</code> with a personal access
            token; each endpoint says which scope it needs. The full document:{" "}
            <a href={`${apiURL}/openapi.json`}>openapi.json</a>.
          </p>
          {groupEndpoints(document).map(([tag, endpoints]) => (
            <details key={tag} className="card">
              <summary style={{ cursor: "pointer" }}>
                <h2 style={{ display: "inline", margin: 0 }}>{tag}</h2> <span className="muted">({endpoints.length})</span>
              </summary>
              <div className="table-wrap" style={{ marginTop: 12 }}>
                <table>
                  <thead>
                    <tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">What it does</th><th scope="col">Access</th></tr>
                  </thead>
                  <tbody>
                    {endpoints.map(({ method, path, operation }) => (
                      <tr key={`${method} ${path}`}>
                        <td><code>{method}</code></td>
                        <td><code>{path}</code></td>
                        <td>{operation.summary}</td>
                        <td>{operation["x-access"] ?? "public"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          ))}
        </div>
      )}
    </ListState>
  );
}
