import { runtimeSettings } from "./config/serverConfig.js";
import { openDatabase } from "./db/openDatabase.js";
import { runCli, USAGE } from "./cli/runCli.js";

/**
 * `pnpm cuepoint <command>`: the admin commands (the spec has no sign-up, so accounts are made
 * here). Opens the same database the server would, with the same migrations.
 */
const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === "help" || argv.includes("--help")) {
  console.log(USAGE);
} else {
  const settings = runtimeSettings();
  const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    process.exitCode = await runCli(argv, db, { out: console.log, err: console.error });
  } finally {
    await db.close();
  }
}
