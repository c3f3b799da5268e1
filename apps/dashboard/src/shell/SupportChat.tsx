import { useEffect, useState } from "react";
import { IconButton } from "../ui/Button.js";
import { ChatIcon } from "../ui/icons.js";
import { openUrl } from "../lib/externalNavigation.js";

/** The support chat host (`VITE_CHAT_HOST` at build time); unset turns the launcher off. */
export const CHAT_HOST: string | undefined = import.meta.env.VITE_CHAT_HOST || undefined;

/**
 * Resolves once `agreed()` is true, checking every second (spec §2: the launcher waits, polling
 * every second, until the user has agreed to the terms). `stop()` ends the wait.
 *
 * @example
 * const wait = waitForAgreedTerms(() => session.user?.agreed_current_terms === true);
 * await wait.done;
 */
export function waitForAgreedTerms(agreed: () => boolean, everyMs = 1000): { done: Promise<void>; stop: () => void } {
  let timer: ReturnType<typeof setInterval> | undefined;
  const done = new Promise<void>((resolve) => {
    if (agreed()) return resolve();
    timer = setInterval(() => {
      if (!agreed()) return;
      clearInterval(timer);
      resolve();
    }, everyMs);
  });
  return { done, stop: () => clearInterval(timer) };
}

/** The chat launcher: shown once the user agreed to the terms, when a chat host is configured. */
export function SupportChatLauncher({ agreed, host = CHAT_HOST }: { agreed: () => boolean; host?: string | undefined }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!host) return;
    const wait = waitForAgreedTerms(agreed);
    void wait.done.then(() => setReady(true));
    return wait.stop;
  }, [agreed, host]);
  if (!host || !ready) return null;
  return (
    <IconButton
      label="Open support chat"
      icon={<ChatIcon />}
      variant="primary"
      className="support-chat"
      style={{ position: "fixed", left: 16, bottom: 16, borderRadius: "50%", zIndex: 800 }}
      onClick={() => openUrl(host, { external: true, newTab: true })}
    />
  );
}
