import type { Integration } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { confirmAction } from "../../ui/Dialog.js";
import { toast } from "../../ui/Toasts.js";

/**
 * Tests a saved integration (POST /test/integration): connected on success, the service's words
 * as an error toast otherwise (spec §8). Resolves the integration with its new connected flag.
 *
 * @example
 * const next = await testIntegration(integration);
 */
export async function testIntegration(integration: Integration): Promise<Integration> {
  try {
    const result = await client.integrations.test(integration.integrationid);
    toast.success(`${integration.name} is connected`, { body: typeof result.message === "string" ? result.message : undefined });
    void refreshSessionData("integrations");
    return { ...integration, connected: true, last_error: null };
  } catch (error) {
    const message = (error as Error).message;
    toast.error(`${integration.name} test failed`, { body: message });
    void refreshSessionData("integrations");
    return { ...integration, connected: false, last_error: message };
  }
}

/**
 * Disconnects (deletes) an integration after asking, naming the timelines that use it.
 * Resolves true when it is gone; the session's list is refetched (spec §4).
 *
 * @example
 * if (await disconnectIntegration(integration)) navigate("/integrations");
 */
export async function disconnectIntegration(integration: Integration): Promise<boolean> {
  let usedBy: string[] = [];
  try {
    usedBy = (await client.integrations.used(integration.integrationid)).success.map((t) => t.timelineName);
  } catch {
    // The question is only for the warning; the confirmation still asks.
  }
  const ok = await confirmAction({
    title: `Disconnect ${integration.name}?`,
    body: usedBy.length
      ? `These timelines use it and their actions through it will stop: ${usedBy.join(", ")}.`
      : "Its credentials are removed. You can connect it again later.",
    confirmLabel: "Disconnect",
  });
  if (!ok) return false;
  try {
    await client.integrations.delete(integration.integrationid);
    toast.success(`${integration.name} disconnected`);
    void refreshSessionData("integrations");
    return true;
  } catch (error) {
    toast.error(`${integration.name} was not disconnected`, { body: (error as Error).message });
    return false;
  }
}
