/** The build id baked in by vite.config.ts; compared with `/version.json` to spot a newer build. */
declare const __BUILD_ID__: string;
