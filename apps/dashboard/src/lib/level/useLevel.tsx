import { EXPERIENCE_LEVELS, type ExperienceLevel } from "@cuepoint/sdk";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { href } from "../../config/paths.js";
import { useSession } from "../../session/session.js";
import { GATE_LABELS, LEVEL_GATES, levelAllows, type LevelGate } from "./levelGates.js";

/** The signed-in user's experience level (`profile.userSkillLevel`); beginner while none is known. */
export function useLevel(): ExperienceLevel {
  const level = useSession().user?.profile.userSkillLevel;
  return level && (EXPERIENCE_LEVELS as readonly string[]).includes(level) ? level : "beginner";
}

/**
 * Asks the level table whether the user sees a gated screen or setting.
 *
 * @example
 * const allows = useAllows();
 * {allows("calendar.types") && <Select label="Webinar type" … />}
 */
export function useAllows(): (gate: LevelGate | undefined) => boolean {
  const level = useLevel();
  return (gate) => levelAllows(level, gate);
}

/** Its children at the gate's level and above, nothing below. */
export function AtLevel({ gate, children }: { gate: LevelGate; children: ReactNode }) {
  return useAllows()(gate) ? <>{children}</> : null;
}

const LEVEL_NAMES: Record<ExperienceLevel, string> = { beginner: "Beginner", advanced: "Advanced", expert: "Expert" };

/**
 * A whole screen behind a gate: below the level, a notice that says which level shows it and
 * links to where the level is changed (a link to a hidden screen still leads somewhere useful).
 */
export function LevelScreen({ gate, children }: { gate: LevelGate; children: ReactNode }) {
  const allows = useAllows();
  if (allows(gate)) return <>{children}</>;
  const needed = LEVEL_NAMES[LEVEL_GATES[gate]];
  return (
    <div className="card stack" role="status">
      <h2 style={{ margin: 0 }}>Shown from the {needed} level</h2>
      <p style={{ margin: 0 }}>
        {GATE_LABELS[gate]} is part of the {needed.toLowerCase()} level. Your experience level keeps the screens simpler;
        raise it to see this.
      </p>
      <p style={{ margin: 0 }}>
        <Link href={href("settings___en-US", {}, { tab: "profile" })}>Change your experience level in Settings</Link>
      </p>
    </div>
  );
}
