import {
  ACTION_PRESENTATION,
  addNode,
  createNodeComparator,
  deleteNode,
  getIntegrationKind,
  groupByDay,
  isLiveAction,
  ruleContextOf,
  validateTimeline,
  type ActionKey,
  type TimelineBlocks,
  type TimelineMaster,
  type TimelineNode,
} from "@cuepoint/sdk";
import { useMemo, useState, type DragEvent } from "react";
import { useSessionData } from "../../../session/dataStore.js";
import { Button, Checkbox, confirmAction, toast } from "../../../ui/index.js";
import { ActionDialog } from "./ActionDialog.js";
import { actionSources, timingLabel } from "./actionDraft.js";
import { MoveDialog, planMove } from "./MoveDialog.js";

export interface ActionTimelineProps {
  master: TimelineMaster;
  blocks: TimelineBlocks;
  saveBlocks: (blocks: TimelineBlocks) => Promise<TimelineBlocks>;
}

const actionLabel = (node: TimelineNode) => ACTION_PRESENTATION[node.action as ActionKey]?.label ?? (node.action || "No action yet");

/**
 * The action timeline (spec §3, §4): the -45..+45 day buckets as day groups, each action with its
 * time, audience and integration; add, edit, move (dialog or drag and drop) and delete, each saved
 * at once through `webinartimelineevent/set`. Refusals of the SDK's rules show in the dialogs.
 */
export function ActionTimeline({ master, blocks, saveBlocks }: ActionTimelineProps) {
  const general = master.setting.general;
  const integrations = useSessionData("integrations").data ?? {};
  const audios = useSessionData("audios").data ?? [];
  const images = useSessionData("images").data ?? [];
  const sources = useMemo(() => actionSources(general, integrations), [general, integrations]);
  const context = useMemo(() => ruleContextOf(general), [general]);
  const [showEmpty, setShowEmpty] = useState(false);
  const [editing, setEditing] = useState<{ node?: TimelineNode; day: number } | undefined>();
  const [moving, setMoving] = useState<TimelineNode>();
  const [dragged, setDragged] = useState<TimelineNode>();

  const groups = useMemo(() => {
    const compare = createNodeComparator({ eventMinuteOfDay: context.eventMinuteOfDay });
    return groupByDay(blocks, { includeEmpty: showEmpty }).map((g) => ({ ...g, nodes: [...g.nodes].sort(compare) }));
  }, [blocks, showEmpty, context]);
  const problems = useMemo(() => validateTimeline(blocks, context), [blocks, context]);
  const problemOf = (node: TimelineNode) => problems.find((p) => p.nodeId === node.id);
  const total = groups.reduce((sum, g) => sum + g.nodes.length, 0);
  const groupName = (id: string) => general.userGroup.find((g) => g.id === id)?.name ?? "No audience";
  const sourceName = (node: TimelineNode) => {
    if (node.integrationID) return `via ${sources.find((s) => s.integrationID === node.integrationID)?.label ?? getIntegrationKind(node.integrationType)?.label ?? node.integrationType}`;
    if (isLiveAction(node)) return "in the live event";
    return "(no integration chosen yet)";
  };

  // A multi-event day's action, or one added to a past event, says which events it fires for.
  const tiedTo = (node: TimelineNode) => {
    const dayKey = node.model.dayKey;
    if (typeof dayKey === "string" && dayKey) return ` · ${general.multiEvents.settings.find((d) => d.dayKey === dayKey)?.eventName || dayKey} only`;
    if (node.model.fromEventID && !isLiveAction(node)) return ` · only for the event ${node.model.fromEventName || node.model.fromEventID}`;
    return "";
  };

  const save = async (node: TimelineNode) => {
    const without = editing?.node?.id ? deleteNode(blocks, editing.node.id) : blocks;
    await saveBlocks(addNode(without, node));
    toast.success(editing?.node ? "Action saved" : "Action added", { body: `${node.actionTitle || actionLabel(node)}, ${timingLabel(node)}.` });
    setEditing(undefined);
  };

  const remove = async (node: TimelineNode) => {
    const ok = await confirmAction({
      title: `Delete the action "${node.actionTitle || actionLabel(node)}"?`,
      body: `It fires ${timingLabel(node)}. Registrants will no longer get it.`,
      confirmLabel: "Delete",
    });
    if (!ok || !node.id) return;
    try {
      await saveBlocks(deleteNode(blocks, node.id));
      toast.success("Action deleted");
    } catch (error) {
      toast.error("The action was not deleted", { body: (error as Error).message });
    }
  };

  const move = async (next: TimelineBlocks) => {
    await saveBlocks(next);
    toast.success("Action moved");
    setMoving(undefined);
  };

  const drop = async (event: DragEvent, day: number) => {
    event.preventDefault();
    const node = dragged;
    setDragged(undefined);
    if (!node || node.days * node.isAfter === day) return;
    const plan = planMove(blocks, node, day, general);
    if ("message" in plan) {
      toast.error("This action can't move there", { body: plan.message });
      return;
    }
    try {
      await move(plan.blocks);
    } catch (error) {
      toast.error("This action can't move there", { body: (error as Error).message });
    }
  };

  return (
    <section className="stack" aria-labelledby="action-timeline-heading">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h2 id="action-timeline-heading" style={{ margin: 0 }}>Actions</h2>
        <div className="row">
          <Checkbox label="Show empty days" checked={showEmpty} onChange={(e) => setShowEmpty(e.target.checked)} />
          <Button variant="primary" onClick={() => setEditing({ day: 0 })}>Add action</Button>
        </div>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {total === 0 ? "No actions yet. Add one to email, message or show something to your audience around the event." : `${total} ${total === 1 ? "action" : "actions"}. Drag an action onto another day, or use Move.`}
      </p>
      {groups.map((group) => (
        <section
          key={group.key}
          className="day-group card"
          aria-labelledby={`day-${group.key}`}
          data-drop={dragged ? "true" : undefined}
          onDragOver={(e) => dragged && e.preventDefault()}
          onDrop={(e) => void drop(e, group.day)}
        >
          <div className="row" style={{ justifyContent: "space-between" }}>
            <h3 id={`day-${group.key}`} style={{ margin: 0 }}>{group.label}</h3>
            <Button variant="ghost" onClick={() => setEditing({ day: group.day })} aria-label={`Add an action on ${group.label.toLowerCase()}`}>+ Add</Button>
          </div>
          {group.nodes.length === 0 ? (
            <p className="muted" style={{ margin: "8px 0 0" }}>No actions on this day.</p>
          ) : (
            <ul className="action-list">
              {group.nodes.map((node) => {
                const problem = problemOf(node);
                const name = node.actionTitle || actionLabel(node);
                return (
                  <li key={node.id} className="action-item" draggable onDragStart={() => setDragged(node)} onDragEnd={() => setDragged(undefined)}>
                    <div className="action-main">
                      <div className="action-title">{name}</div>
                      <div className="muted action-meta">
                        {timingLabel(node)} · {groupName(node.groupID)} · {actionLabel(node)} {sourceName(node)}{tiedTo(node)}
                      </div>
                      {problem && <div className="field-error">{problem.message}</div>}
                    </div>
                    <div className="row action-buttons">
                      <Button onClick={() => setEditing({ node, day: group.day })} aria-label={`Edit ${name}`}>Edit</Button>
                      <Button onClick={() => setMoving(node)} aria-label={`Move ${name}`}>Move</Button>
                      <Button variant="danger" onClick={() => void remove(node)} aria-label={`Delete ${name}`}>Delete</Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
      <ActionDialog
        open={Boolean(editing)}
        node={editing?.node}
        day={editing?.day ?? 0}
        general={general}
        sources={sources}
        audios={audios}
        images={images}
        onSave={save}
        onClose={() => setEditing(undefined)}
      />
      <MoveDialog node={moving} blocks={blocks} general={general} onMove={move} onClose={() => setMoving(undefined)} />
    </section>
  );
}
