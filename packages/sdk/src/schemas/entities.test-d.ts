import { describe, expectTypeOf, it } from "vitest";
import type { RoleCode } from "../constants.js";
import type {
  AudienceSegment,
  ColorMode,
  MediaItem,
  MediaType,
  Purchase,
  TimelineDraft,
  TimelineMaster,
  UploadStatus,
  User,
  Webinar,
  WebinarStoreState,
} from "./index.js";

describe("entity types", () => {
  it("carries the wire's literal types", () => {
    expectTypeOf<User["role"]>().toEqualTypeOf<RoleCode>();
    expectTypeOf<User["profile"]["userSkillLevel"]>().toEqualTypeOf<"beginner" | "advanced" | "expert">();
    expectTypeOf<MediaType>().toEqualTypeOf<"image" | "audio" | "video" | "folder">();
    expectTypeOf<MediaItem["encoding_status"]>().toEqualTypeOf<0 | 1 | 2 | 5 | undefined>();
    expectTypeOf<Purchase["type"]>().toEqualTypeOf<"actions">();
    expectTypeOf<TimelineMaster["status"]>().toEqualTypeOf<"active" | "trash">();
    expectTypeOf<TimelineDraft["registration"]["type"]>().toEqualTypeOf<"one-time" | "multi-option">();
    expectTypeOf<ColorMode["preference"]>().toEqualTypeOf<"system" | "light" | "dark">();
  });

  it("keeps optional fields optional", () => {
    expectTypeOf<User["api_token"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Webinar["uniqueID"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UploadStatus["id"]>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf<AudienceSegment["condition"]>().toEqualTypeOf<{
      field: string;
      op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte";
      value: string | number;
    } | null>();
  });

  it("keeps the store's spelling", () => {
    expectTypeOf<WebinarStoreState["pageCount"]>().toHaveProperty("totalUpcomming").toEqualTypeOf<number>();
    expectTypeOf<WebinarStoreState["upcoming"]>().toEqualTypeOf<Webinar[]>();
  });
});
