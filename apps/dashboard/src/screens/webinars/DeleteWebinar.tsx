import { useState } from "react";
import type { Webinar } from "@cuepoint/sdk";
import { useLocation } from "wouter";
import { client } from "../../api/client.js";
import { href } from "../../config/paths.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { Button } from "../../ui/Button.js";
import { confirmAction } from "../../ui/Dialog.js";
import { toast } from "../../ui/Toasts.js";
import { formatWhen } from "../../lib/format.js";

/** What a delete removes: the one event, or every event of its recurring series. */
export type DeleteScope = "event" | "series";

const KEPT = "Its registrants stay as the timeline's leads.";

/**
 * Asks, then deletes the event (`POST /webinar/delete`, `isRecurring=false`; the server drops a
 * series left empty) or its whole series (`isRecurring=true` with the series' `uniqueID`, past
 * events included). Resolves true when it is gone; the session's webinar lists are refetched.
 *
 * @example
 * if (await deleteWebinar(webinar, "event")) navigate("/");
 */
export async function deleteWebinar(webinar: Webinar, scope: DeleteScope): Promise<boolean> {
  const series = scope === "series";
  const count = webinar.childEvents.length;
  const ok = await confirmAction({
    title: series ? `Delete the series "${webinar.name}"?` : `Delete "${webinar.name}"?`,
    body: series
      ? `All ${count} events of the series are deleted, past ones included, with their attendance, hosts and agents. ${KEPT}`
      : `The event of ${formatWhen(webinar.startTime, webinar.timeZone)} is deleted with its attendance, hosts and agents${webinar.isRecurring ? "; the other events of its series stay" : ""}. ${KEPT}`,
    confirmLabel: series ? "Delete the series" : "Delete the webinar",
  });
  if (!ok) return false;
  try {
    await client.webinars.delete({
      webinarID: webinar.webinarID,
      isRecurring: series,
      ...(series && webinar.uniqueID ? { uniqueID: webinar.uniqueID } : {}),
    });
  } catch (error) {
    toast.error(series ? "The series was not deleted" : "The webinar was not deleted", { body: (error as Error).message });
    return false;
  }
  toast.success(series ? "Series deleted" : "Webinar deleted", {
    body: series ? `"${webinar.name}" and its ${count} events are deleted.` : `"${webinar.name}" is deleted.`,
  });
  void refreshSessionData("upcomingWebinars");
  void refreshSessionData("pastWebinars");
  if (webinar.isRecurring) void refreshSessionData("recurringWebinars");
  return true;
}

/**
 * The webinar screen's delete buttons: one for a single event; for an event of a recurring
 * series, "Delete this event" and "Delete the series". After a delete, back to the home screen.
 *
 * @example
 * <PageHeader title={name} actions={<DeleteWebinarButtons webinar={webinar} />} />
 */
export function DeleteWebinarButtons({ webinar }: { webinar: Webinar }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<DeleteScope>();
  const run = async (scope: DeleteScope) => {
    setBusy(scope);
    const gone = await deleteWebinar(webinar, scope);
    setBusy(undefined);
    if (gone) navigate(href("index___en-US"));
  };
  if (!webinar.isRecurring) {
    return (
      <Button variant="danger" busy={busy === "event"} onClick={() => void run("event")}>
        Delete
      </Button>
    );
  }
  return (
    <>
      <Button variant="danger" busy={busy === "event"} onClick={() => void run("event")}>
        Delete this event
      </Button>
      <Button variant="danger" busy={busy === "series"} onClick={() => void run("series")}>
        Delete the series
      </Button>
    </>
  );
}
