import { parseArgs } from "node:util";
import * as v from "valibot";
import { BannerContentSchema, ROLE_CODES, roleNameOf, type KnownFeature } from "@cuepoint/sdk";
import { deleteSetting, SETTING, writeSetting } from "../db/settings.js";
import type { Database } from "../db/types.js";
import { describeIssue } from "../http/input.js";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../seed/seedDemo.js";
import { createUser, EmailTakenError, InvalidUserError } from "../users/users.js";

/** The feature flags `user create --feature` may switch on: every `KnownFeature` of the SDK (checked by the type). */
const KNOWN_FEATURES = Object.keys({ registrantUpload: true } satisfies Record<KnownFeature, true>);

export const USAGE = `Cuepoint admin commands (pnpm cuepoint <command>):

  user create --email <email> --password <password> --role <role> [--name <name>] [--feature <flag>]...
      Creates an account with its first user. <role> is a name or a code:
      ${Object.entries(ROLE_CODES)
        .map(([name, code]) => `${name} (${code})`)
        .join(", ")}.
      --feature switches a feature flag on for the user: ${KNOWN_FEATURES.join(", ")}.
  seed-demo
      Creates the demo account ${DEMO_EMAIL} (idempotent).
  banner set --full-heading <text> [--mobile-heading <text>] [--button-title <text>] [--link <url>] [--color <#hex>]
  banner clear
      Sets or removes the announcement banner.

The database is PostgreSQL at DATABASE_URL when set, else the embedded one in CUEPOINT_DATA_DIR
(default ./.cuepoint-data; stop the server first: the embedded database has one user at a time).`;

const OPTIONS = [
  "email",
  "password",
  "role",
  "name",
  "full-heading",
  "mobile-heading",
  "button-title",
  "link",
  "color",
] as const;

const parse = (argv: readonly string[]) =>
  parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      ...(Object.fromEntries(OPTIONS.map((name) => [name, { type: "string" }])) as Record<
        (typeof OPTIONS)[number],
        { type: "string" }
      >),
      feature: { type: "string", multiple: true },
    },
  });

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one admin command on an open database; answers the process exit code. */
export async function runCli(argv: readonly string[], db: Database, io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const text = (name: (typeof OPTIONS)[number]) => values[name];
  const command = positionals.join(" ");

  if (command === "user create") {
    const [email, password, role] = [text("email"), text("password"), text("role")];
    if (!email || !password || !role) {
      io.err("user create needs --email, --password and --role.\n\n" + USAGE);
      return 2;
    }
    const features = values.feature ?? [];
    const unknown = features.find((flag) => !KNOWN_FEATURES.includes(flag));
    if (unknown !== undefined) {
      io.err(`--feature: Unknown feature "${unknown}". Use one of: ${KNOWN_FEATURES.join(", ")}.`);
      return 1;
    }
    try {
      const flags = Object.fromEntries(features.map((flag) => [flag, true]));
      const user = await createUser(db.orm, { email, password, role, name: text("name") ?? "", features: flags });
      io.out(`Created ${user.email} (role ${roleNameOf(user.role)}, code ${user.role}) in account ${user.accountId}.`);
      return 0;
    } catch (error) {
      if (error instanceof InvalidUserError) io.err(`--${error.field}: ${error.message}`);
      else if (error instanceof EmailTakenError) io.err(error.message);
      else throw error;
      return 1;
    }
  }
  if (command === "seed-demo") {
    const { created } = await seedDemo(db.orm);
    io.out(
      created
        ? `Created the demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`
        : `The demo account ${DEMO_EMAIL} already exists.`,
    );
    return 0;
  }
  if (command === "banner set") {
    const parsed = v.safeParse(BannerContentSchema, {
      fullHeading: text("full-heading"),
      mobileHeading: text("mobile-heading"),
      buttonTitle: text("button-title"),
      link: text("link"),
      color: text("color"),
    });
    if (!parsed.success) {
      const { message, field } = describeIssue(parsed.issues[0]);
      io.err(`${field ? `${field}: ` : ""}${message}`);
      return 1;
    }
    await writeSetting(db.orm, SETTING.banner, parsed.output);
    io.out(`The banner now reads: ${parsed.output.fullHeading || "(nothing: hidden)"}`);
    return 0;
  }
  if (command === "banner clear") {
    await deleteSetting(db.orm, SETTING.banner);
    io.out("The banner is removed.");
    return 0;
  }
  (command === "" || command === "help" ? io.out : io.err)(USAGE);
  return command === "" || command === "help" ? 0 : 2;
}
