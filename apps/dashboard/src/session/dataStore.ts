import type { Integration, MediaItem, TemplateForm, TimelineMaster, Webinar } from "@cuepoint/sdk";
import { useEffect } from "react";
import { client } from "../api/client.js";
import { createStore, useStore } from "../lib/store.js";

/*
 * The data loaded after login (spec §4 "Initial load"): five sets together, then `allLoaded`, then
 * the background sets, then the image-service images. Screens read them with `useSessionData` and
 * refresh one after a change with `refreshSessionData`.
 */

export interface SessionData {
  upcomingWebinars: Webinar[];
  masters: TimelineMaster[];
  integrations: Record<string, Integration>;
  pastWebinars: Webinar[];
  images: MediaItem[];
  forms: TemplateForm[];
  recurringWebinars: Webinar[];
  audios: MediaItem[];
  videos: MediaItem[];
  niftyImages: unknown[];
}
export type SessionDataKey = keyof SessionData;

export interface DataSet<T> {
  status: "idle" | "loading" | "ready" | "error";
  data: T | undefined;
  error?: Error;
}

type Sets = { [K in SessionDataKey]: DataSet<SessionData[K]> } & { allLoaded: boolean };

const loaders: { [K in SessionDataKey]: () => Promise<SessionData[K]> } = {
  upcomingWebinars: async () => (await client.webinars.upcoming()).success,
  masters: async () => (await client.timelines.listMasters()).success,
  integrations: async () => (await client.integrations.list()).success,
  pastWebinars: async () => (await client.webinars.list({ type: "past", page: 1 })).success,
  images: async () => (await client.media.list("image")).success,
  forms: async () => (await client.forms.list()).success,
  recurringWebinars: async () => (await client.webinars.recurring()).success,
  audios: async () => (await client.media.list("audio")).success,
  videos: async () => (await client.media.list("video")).success,
  niftyImages: async () => {
    const integrations = dataStore.get().integrations.data ?? {};
    const nifty = Object.values(integrations).find((i) => i.type === "NIFTYIMAGE");
    if (!nifty) return [];
    const { success } = await client.integrations.getLists("niftyimage", { integrationID: nifty.integrationid });
    return Array.isArray(success) ? success : Object.values(success).flat();
  },
};

const PRIMARY: SessionDataKey[] = ["upcomingWebinars", "masters", "integrations", "pastWebinars", "images"];
const BACKGROUND: SessionDataKey[] = ["forms", "recurringWebinars", "audios", "videos"];

const empty = (): Sets =>
  ({
    ...Object.fromEntries(Object.keys(loaders).map((key) => [key, { status: "idle", data: undefined }])),
    allLoaded: false,
  }) as Sets;

export const dataStore = createStore<Sets>(empty());
const inFlight = new Map<SessionDataKey, Promise<void>>();
/** Bumped by every reset, so an answer that arrives after a logout is dropped. */
let resets = 0;

/**
 * Loads one set again (after the screen changed it on the server).
 *
 * @example
 * await refreshSessionData("masters");
 */
export function refreshSessionData<K extends SessionDataKey>(key: K): Promise<void> {
  // One load per set at a time: the initial load and a screen asking for the same set share it.
  const running = inFlight.get(key);
  if (running) return running;
  const generation = resets;
  dataStore.set((s) => ({ ...s, [key]: { ...s[key], status: "loading" } }));
  const load = (async () => {
    try {
      const data = await loaders[key]();
      if (generation === resets) dataStore.set((s) => ({ ...s, [key]: { status: "ready", data } }));
    } catch (error) {
      if (generation === resets) dataStore.set((s) => ({ ...s, [key]: { ...s[key], status: "error", error: error as Error } }));
    } finally {
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, load);
  return load;
}

/** The initial load after login or validation (spec §4). Failures stay in each set's status. */
export async function loadAllData(): Promise<void> {
  const generation = resets;
  await Promise.all(PRIMARY.map(refreshSessionData));
  if (generation !== resets) return;
  dataStore.set((s) => ({ ...s, allLoaded: true }));
  await Promise.all(BACKGROUND.map(refreshSessionData));
  await refreshSessionData("niftyImages");
}

/** Empties every set (logout, failed validation); loads still running are ignored. */
export function resetDataStore(): void {
  resets++;
  inFlight.clear();
  dataStore.set(empty());
}

/**
 * One set of the session data, with its status.
 *
 * @example
 * const { status, data: masters } = useSessionData("masters");
 */
export function useSessionData<K extends SessionDataKey>(key: K): DataSet<SessionData[K]> {
  const set = useStore(dataStore)[key] as DataSet<SessionData[K]>;
  // A screen opened before (or without) the initial load asks for its set itself; without a
  // session the call's 401 sends the visitor to /login like any other call.
  useEffect(() => {
    if (dataStore.get()[key].status === "idle") void refreshSessionData(key);
  }, [key]);
  return set;
}

/** True once the five primary sets have loaded. @example const ready = useAllLoaded(); */
export const useAllLoaded = (): boolean => useStore(dataStore).allLoaded;
