import { randomUUID } from "node:crypto";
import { extname } from "node:path";
import type { MediaType } from "@cuepoint/sdk";
import { media } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { mimeOf } from "../media/assemble.js";
import { readMediaLength } from "../media/mediaLength.js";
import type { MediaStore } from "../media/store.js";
import { coverPng, toneWav } from "./demoMediaFiles.js";

interface DemoFile {
  name: string;
  folder?: string;
  bytes: () => Buffer;
}

const FOLDERS: { name: string; type: MediaType }[] = [
  { name: "Webinar sounds", type: "audio" },
  { name: "Covers", type: "image" },
];

const FILES: DemoFile[] = [
  { name: "Welcome chime.wav", folder: "Webinar sounds", bytes: () => toneWav([523.25, 659.25, 783.99], 0.6) },
  { name: "Starting soon.wav", folder: "Webinar sounds", bytes: () => toneWav([440, 440, 440, 880], 1) },
  { name: "Product demo cover.png", folder: "Covers", bytes: () => coverPng(480, 270, [32, 64, 160], [120, 200, 255]) },
  { name: "Q&A session cover.png", folder: "Covers", bytes: () => coverPng(480, 270, [110, 30, 90], [250, 150, 90]) },
  { name: "Host avatar.png", bytes: () => coverPng(128, 128, [20, 120, 90], [200, 240, 160]) },
];

/**
 * The demo account's media library: two folders (audio, images) and a few small files made in
 * code, stored through the media store like uploads (`<account>/<id><ext>`), so they download,
 * the sounds have their length read from the file (music-metadata, as for uploads), and their
 * bytes count against the plan's storage. Runs once, from `seedDemo` for a new demo account.
 *
 * @example
 * await seedDemoMedia(orm, store, user.accountId, user.id, new Date());
 */
export async function seedDemoMedia(
  orm: Orm,
  store: MediaStore,
  accountId: string,
  userId: string,
  now: Date,
): Promise<void> {
  const folderIds = new Map<string, string>();
  for (const [order, folder] of FOLDERS.entries()) {
    const [row] = await orm
      .insert(media)
      .values({ accountId, userId, name: folder.name, type: "folder", folderType: folder.type, createdAt: at(now, order) })
      .returning({ id: media.id });
    folderIds.set(folder.name, row!.id);
  }
  for (const [order, file] of FILES.entries()) {
    const id = randomUUID();
    const storageKey = `${accountId}/${id}${extname(file.name).toLowerCase()}`;
    const bytes = file.bytes();
    await store.put(storageKey, bytes);
    const type: MediaType = extname(file.name) === ".wav" ? "audio" : "image";
    const length = type === "audio" ? await readMediaLength(store.localPath(storageKey)) : undefined;
    await orm.insert(media).values({
      id,
      accountId,
      userId,
      name: file.name,
      size: bytes.length,
      type,
      folderId: file.folder ? folderIds.get(file.folder) : null,
      storageKey,
      mime: mimeOf(file.name),
      videoLength: length ?? null,
      createdAt: at(now, FOLDERS.length + order),
    });
  }
}

/** Distinct creation times a second apart, so the newest-first lists keep the order above. */
const at = (now: Date, order: number) => new Date(now.getTime() - (60 - order) * 1000);
