import type * as v from "valibot";
import type { ApiError, SetEventsRequest, TimelineNodeSchema } from "@cuepoint/sdk";

/** Blocks and nodes as a request may send them (defaults left out). */
export type BlocksInput = Exclude<SetEventsRequest["blocks"], string>;
export type NodeInput = v.InferInput<typeof TimelineNodeSchema>;

/** The error a rejected SDK call rejected with, for asserting status, message and field. */
export const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("The call succeeded; a failure was expected.");
};

/** A complete action `days` before (-1) or after (1) the event, at 9:00 AM on that day. */
export const mailNode = (days: number, isAfter: 1 | -1, fields: Partial<NodeInput> = {}): NodeInput => ({
  days,
  hours: 9,
  minutes: 0,
  amPm: "AM" as const,
  isExact: true,
  isAfter,
  action: "sendMail",
  groupID: "3",
  ...fields,
});
