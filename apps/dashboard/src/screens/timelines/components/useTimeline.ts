import { createEmptyBlocks, type TimelineBlocks, type TimelineMaster, type TimelineMasterSetting } from "@cuepoint/sdk";
import { useCallback, useEffect, useState } from "react";
import { client } from "../../../api/client.js";
import { refreshSessionData } from "../../../session/dataStore.js";

/** The loaded timeline of the editor and the calls that change it. */
export interface TimelineState {
  status: "loading" | "ready" | "error";
  master: TimelineMaster | undefined;
  blocks: TimelineBlocks | undefined;
  error: Error | undefined;
  reload: () => void;
  /** Saves the whole setting (`webinartimelinemaster/set`); rejects with the server's error. */
  saveSetting: (setting: TimelineMasterSetting) => Promise<TimelineMaster>;
  /**
   * Saves all actions (`webinartimelineevent/set`); rejects with the server's error (rule message, `blocks.N.i` field).
   * `isPast`: the save adds an action to a past event (spec §4).
   */
  saveBlocks: (blocks: TimelineBlocks, isPast?: boolean) => Promise<TimelineBlocks>;
}

/** One timeline by id: the active list first, then the trash (a trashed timeline can still be read). */
async function loadMaster(id: string): Promise<TimelineMaster> {
  for (const query of [{}, { filter: "trash" as const }]) {
    const { success } = await client.timelines.listMasters(query);
    const found = success.find((timeline) => String(timeline.id) === id);
    if (found) return found;
  }
  throw new Error(`There is no timeline with the id "${id}".`);
}

/**
 * Loads a timeline's setting and actions for the editor, and saves them.
 *
 * @example
 * const timeline = useTimeline(params.id);
 * await timeline.saveBlocks(addNode(timeline.blocks, node));
 */
export function useTimeline(id: string): TimelineState {
  const [state, setState] = useState<Pick<TimelineState, "status" | "master" | "blocks" | "error">>({
    status: "loading",
    master: undefined,
    blocks: undefined,
    error: undefined,
  });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: "loading", error: undefined }));
    Promise.all([loadMaster(id), client.timelines.getEvents(id)]).then(
      ([master, events]) => live && setState({ status: "ready", master, blocks: { ...createEmptyBlocks(), ...events.success }, error: undefined }),
      (error: unknown) => live && setState((s) => ({ ...s, status: "error", error: error instanceof Error ? error : new Error(String(error)) })),
    );
    return () => {
      live = false;
    };
  }, [id, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);

  const saveSetting = useCallback(
    async (setting: TimelineMasterSetting) => {
      const { success } = await client.timelines.setMaster({ webinarTimeline: id, blocks: setting });
      setState((s) => ({ ...s, master: success }));
      void refreshSessionData("masters");
      return success;
    },
    [id],
  );

  const saveBlocks = useCallback(
    async (blocks: TimelineBlocks, isPast = false) => {
      const { success } = await client.timelines.setEvents({ webinarTimeline: id, blocks, isPast });
      const saved = { ...createEmptyBlocks(), ...success } as TimelineBlocks;
      setState((s) => ({ ...s, blocks: saved }));
      return saved;
    },
    [id],
  );

  return { ...state, reload, saveSetting, saveBlocks };
}
