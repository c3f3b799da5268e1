import { addNodeToPastEvent, pastEventNode, type TimelineNode, type Webinar } from "@cuepoint/sdk";
import { useMemo } from "react";
import { useSessionData } from "../../../session/dataStore.js";
import { toast } from "../../../ui/index.js";
import { ActionDialog } from "./ActionDialog.js";
import { actionSources, timingLabel } from "./actionDraft.js";
import type { TimelineState } from "./useTimeline.js";

/**
 * A follow-up on a past event (spec §4 "Adding an action to a past event puts it in the node list
 * of the relevant bucket and saves all blocks with isPast true"): the action dialog, the new node
 * tied to that event (`model.fromEventID`), saved with `isPast`. The server runs it for that
 * event's registrants only — at once when its time after the event has passed, else at it — and
 * the audience (Attendee, Non-Attendee…) is judged when it runs.
 */
export function PastEventAction({ timeline, event, onClose }: { timeline: TimelineState; event: Webinar | undefined; onClose: () => void }) {
  const integrations = useSessionData("integrations").data ?? {};
  const audios = useSessionData("audios").data ?? [];
  const images = useSessionData("images").data ?? [];
  const { master, blocks, saveBlocks } = timeline;
  const general = master?.setting.general;
  const sources = useMemo(() => (general ? actionSources(general, integrations) : []), [general, integrations]);
  if (!general || !blocks) return null;

  const save = async (node: TimelineNode) => {
    if (!event) return;
    const { blocks: next, isPast } = addNodeToPastEvent(blocks, pastEventNode(node, event));
    await saveBlocks(next, isPast);
    toast.success("Follow-up added", { body: `${node.actionTitle || node.action} for ${event.name}, ${timingLabel(node)}: it runs at once if that time has passed.` });
    onClose();
  };

  return (
    <ActionDialog
      open={Boolean(event)}
      day={1}
      general={general}
      sources={sources}
      audios={audios}
      images={images}
      onSave={save}
      onClose={onClose}
      title={`Follow up on ${event?.name ?? "a past event"}`}
      note={
        <>
          For the registrants of <strong>{event?.name}</strong> only. Timed from that event: a time that has already passed runs at once, a later one
          waits for it. Pick <em>Non-Attendee</em> to reach those who missed it.
        </>
      }
    />
  );
}
