import { canMoveNode, dayLabel, moveNode, ruleContextOf, validateTimelineAction, type GeneralSetting, type TimelineBlocks, type TimelineNode } from "@cuepoint/sdk";
import { useEffect, useState, type FormEvent } from "react";
import { Button, Dialog, Select } from "../../../ui/index.js";
import { DAY_OPTIONS } from "./dayOptions.js";

/**
 * Tries a move with the SDK's editing and timeline rules: the new blocks, or the refusal message.
 *
 * @example
 * const result = planMove(blocks, node, -2, general); // { blocks } | { message }
 */
export function planMove(blocks: TimelineBlocks, node: TimelineNode, toDay: number, general: GeneralSetting): { blocks: TimelineBlocks } | { message: string } {
  const id = node.id ?? "";
  const allowed = canMoveNode(blocks, id, toDay);
  if (!allowed.ok) return { message: allowed.message };
  const next = moveNode(blocks, id, toDay);
  const moved = next[String(toDay)]?.find((n) => n.id === id);
  if (moved) {
    const rule = validateTimelineAction(moved, ruleContextOf(general));
    if (!rule.ok) return { message: rule.message };
  }
  return { blocks: next };
}

export interface MoveDialogProps {
  node: TimelineNode | undefined;
  blocks: TimelineBlocks;
  general: GeneralSetting;
  onMove: (blocks: TimelineBlocks) => Promise<void>;
  onClose: () => void;
}

/** Moves an action to another day group (keyboard-friendly twin of drag and drop). */
export function MoveDialog({ node, blocks, general, onMove, onClose }: MoveDialogProps) {
  const from = node ? node.days * node.isAfter : 0;
  const [day, setDay] = useState(from);
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setDay(from);
    setRefusal(undefined);
  }, [node]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!node) return;
    const plan = planMove(blocks, node, day, general);
    if ("message" in plan) return setRefusal(plan.message);
    setBusy(true);
    try {
      await onMove(plan.blocks);
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={Boolean(node)}
      onClose={onClose}
      title={`Move "${node?.actionTitle || node?.action || "action"}"`}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="timeline-move-form" busy={busy}>Move</Button>
        </>
      }
    >
      <form id="timeline-move-form" className="stack" onSubmit={(e) => void submit(e)}>
        {refusal && (
          <div className="rule-refusal" role="alert">
            <strong>This action can't move there.</strong> {refusal}
          </div>
        )}
        <p style={{ margin: 0 }}>Now on: {dayLabel(from)}. Its time of day stays the same.</p>
        <Select label="Move to" value={String(day)} onChange={(e) => setDay(Number(e.target.value))} options={DAY_OPTIONS} />
      </form>
    </Dialog>
  );
}
