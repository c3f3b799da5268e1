import { expectTypeOf, test } from "vitest";
import type { TimelineBlocks, TimelineNode } from "../schemas/timelineNode.js";
import type { BlocksInput, TimelineNodeLike } from "./types.js";
import { addNode, moveNode } from "./editBlocks.js";

// The timeline module takes the schemas' parsed nodes and blocks as they are (structural typing).
test("schema nodes and blocks satisfy the timeline input types", () => {
  expectTypeOf<TimelineNode>().toExtend<TimelineNodeLike>();
  expectTypeOf<TimelineBlocks>().toExtend<BlocksInput<TimelineNodeLike>>();
  expectTypeOf(addNode<TimelineNode>).returns.toEqualTypeOf<Record<string, TimelineNode[]>>();
  expectTypeOf(moveNode<TimelineNode>).parameter(0).toExtend<BlocksInput<TimelineNode>>();
});
