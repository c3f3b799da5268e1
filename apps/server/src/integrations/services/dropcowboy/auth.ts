/** The Team ID and secret of a Drop Cowboy integration (its API v1 credentials). */
export interface DropCowboyTeam {
  teamId: string;
  secret: string;
}

/**
 * The integration's Team ID and secret, or undefined when either is missing
 * (https://drop-cowboy.gitbook.io/drop-cowboy-docs/getting-started/api-credentials).
 */
export function teamOf(credentials: Record<string, unknown>): DropCowboyTeam | undefined {
  const teamId = String(credentials.team_id ?? "").trim();
  const secret = String(credentials.secret ?? "").trim();
  return teamId && secret ? { teamId, secret } : undefined;
}

/** The two headers every v1 request carries: `x-team-id` and `x-secret`. */
export const teamHeaders = (team: DropCowboyTeam): Record<string, string> => ({ "x-team-id": team.teamId, "x-secret": team.secret });

/** Drop Cowboy's API v1 origin and version path; rebased by `CUEPOINT_DROPCOWBOY_BASE_URL`. */
export const API_V1 = "https://api.dropcowboy.com/v1";
