import { skipsSessionCheck, type User } from "@cuepoint/sdk";
import { client, setUnauthorizedHandler } from "../api/client.js";
import { currentHashPath, navigate } from "../lib/hashLocation.js";
import { createStore, useStore } from "../lib/store.js";
import { hasStoredPreference, setColorModePreference } from "./colorMode.js";
import { loadAllData, resetDataStore } from "./dataStore.js";
import { forgetSession, hasSession } from "./token.js";

/*
 * The session (spec §4, §6): login gets the server's HttpOnly session cookie (no token reaches a
 * script: session/token.ts) and loads all data; leaving /login
 * (except for /forgotPassword and /landing) validates again; a failed validation logs out to
 * /login unless the user is on /landing or /invoker; logout empties every store; any 401 goes to
 * /login except on invoker paths.
 */

export interface SessionState {
  /** `anonymous`: no token; `validating`: a token is being checked; `ready`: `user` is known. */
  status: "anonymous" | "validating" | "ready";
  user: User | undefined;
}

export const sessionStore = createStore<SessionState>({
  status: hasSession() ? "validating" : "anonymous",
  user: undefined,
});

/** Paths that keep their page when a validation fails. */
const STAY_ON_FAILURE = ["/landing", "/invoker"];

/** Ends the session locally: no session cookie left to read, empty stores. */
function endSession(): void {
  forgetSession();
  resetDataStore();
  sessionStore.set({ status: "anonymous", user: undefined });
}

let validating = false;

setUnauthorizedHandler(() => {
  // A 401 of the validation itself is handled by validateSession (it keeps /landing).
  if (validating) return;
  endSession();
  if (currentHashPath() !== "/login") navigate("/login", { replace: true });
});

/** Updates the known user (after a settings change). @example setUser(updated); */
export const setUser = (user: User): void => sessionStore.set({ status: "ready", user });

/**
 * Logs in with the SDK (`cookieOnly`: the server keeps the session in its cookie for 1 or 30 days
 * and answers no token), then loads all data. Rejects with the SDK's error (message and field).
 *
 * @example
 * await login("demo@cuepoint.local", "Cuepoint-demo-1", { remember: true });
 */
export async function login(email: string, password: string, { remember = false } = {}): Promise<User> {
  const { success: user } = await client.session.login(email, password, { remember, cookieOnly: true });
  setUser(user);
  // A browser without a stored colour mode takes the one saved in the profile.
  if (!hasStoredPreference()) setColorModePreference(user.profile.theme);
  void loadAllData();
  return user;
}

let validation: Promise<boolean> | undefined;

/**
 * Checks the session cookie (`POST /validate`). Success keeps the user and loads the data once;
 * failure logs out and goes to /login unless on /landing or /invoker.
 *
 * @example
 * if (await validateSession()) …
 */
export function validateSession(): Promise<boolean> {
  if (!hasSession()) {
    endSession();
    return Promise.resolve(false);
  }
  validation ??= (async () => {
    const hadUser = Boolean(sessionStore.get().user);
    validating = true;
    try {
      const { success: user } = await client.session.validate();
      setUser(user);
      if (!hadUser) void loadAllData();
      return true;
    } catch {
      endSession();
      if (!STAY_ON_FAILURE.includes(currentHashPath())) navigate("/login", { replace: true });
      return false;
    } finally {
      validating = false;
      validation = undefined;
    }
  })();
  return validation;
}

/**
 * Called on every route change: validates when the app starts on a checked route and when the user
 * leaves /login for anything but /forgotPassword or /landing (spec §4).
 */
export function onRouteChange(from: string | undefined, to: string): void {
  if (!hasSession()) return;
  const starting = from === undefined;
  const leavingLogin = from === "/login" && to !== "/forgotPassword" && to !== "/landing";
  if ((starting && !skipsSessionCheck(to)) || leavingLogin) void validateSession();
}

/** Logs out on the server (best effort) and empties every store. @example await logout(); */
export async function logout(): Promise<void> {
  try {
    if (hasSession()) await client.session.logout();
  } catch {
    // The session may already be gone; the local session ends either way.
  }
  endSession();
  navigate("/login", { replace: true });
}

/** The session state. @example const { user } = useSession(); */
export const useSession = (): SessionState => useStore(sessionStore);
