import { describe, expectTypeOf, it } from "vitest";
import type { AutoresponderSetting } from "./autoresponder.js";
import type { GeneralSetting } from "./general.js";
import type { TimelineMasterSetting, TimelineMasterSettingInput } from "./master.js";
import type { RegistrationSetting } from "./registration.js";

describe("timeline setting types", () => {
  it("infers the wire's literal types", () => {
    expectTypeOf<AutoresponderSetting["webinar"]>().toEqualTypeOf<"true" | "false">();
    expectTypeOf<RegistrationSetting["type"]>().toEqualTypeOf<"one-time" | "multi-option">();
    expectTypeOf<GeneralSetting["timeCounter"]["direction"]>().toEqualTypeOf<"up" | "down">();
    expectTypeOf<GeneralSetting["deliveryPlatform"]>().toEqualTypeOf<
      "default" | "gotowebinar" | "zoom" | "youtube" | "aevent" | "vsl"
    >();
    expectTypeOf<GeneralSetting["timeStamp"]>().toEqualTypeOf<number | null>();
  });

  it("makes defaulted fields required in the output and optional in the input", () => {
    expectTypeOf<TimelineMasterSetting["general"]["visible"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Record<string, never>>().toExtend<TimelineMasterSettingInput>();
    expectTypeOf<{ general: { visible: boolean } }>().toExtend<TimelineMasterSettingInput>();
    expectTypeOf<{ general: { visible: "yes" } }>().not.toExtend<TimelineMasterSettingInput>();
  });
});
