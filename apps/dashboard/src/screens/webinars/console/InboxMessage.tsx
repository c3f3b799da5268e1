import { useState } from "react";
import { Button } from "../../../ui/Button.js";
import { confirmAction } from "../../../ui/Dialog.js";
import { Menu, MenuItem } from "../../../ui/Floating.js";
import { toast } from "../../../ui/Toasts.js";
import type { ConsoleApi } from "./consoleApi.js";
import { useFormatAt } from "./consoleFormat.js";
import { isPresent, isUnanswered, repliesTo, type ConsoleState } from "./consoleState.js";
import type { LiveConsole } from "./useLiveConsole.js";
import { MessageForm } from "./MessageForm.js";
import type { ConsoleMessage } from "./types.js";

interface Props {
  eventId: string;
  api: ConsoleApi;
  state: ConsoleState;
  message: ConsoleMessage;
  apply: LiveConsole["apply"];
}

/** Where a host message went: "to everyone", "privately to Ann (emailed)". */
function addressee(state: ConsoleState, message: ConsoleMessage): string {
  if (message.toAll) return "to everyone";
  const to = state.messages.find((m) => m.registrantId === message.toRegistrantId)?.name ?? "an attendee";
  return `privately to ${to}${message.emailed ? " (emailed: they had left)" : ""}`;
}

/** A host message (a reply or a message to everyone), one line. */
function HostLine({ state, message }: { state: ConsoleState; message: ConsoleMessage }) {
  const formatAt = useFormatAt();
  return (
    <>
      <span className="console-meta">
        <strong>{message.sentBy ?? message.name}</strong>
        <span className="muted">{addressee(state, message)}</span>
        <time className="muted" dateTime={new Date(message.sentAt).toISOString()}>{formatAt(message.sentAt)}</time>
        {message.deletedAt !== null && <span className="badge">Deleted</span>}
      </span>
      <p className="console-body" data-deleted={message.deletedAt !== null}>{message.body}</p>
    </>
  );
}

/** One attendee message of the inbox: who, when, what, the host's replies, and what the host can do with it. */
export function InboxMessage({ eventId, api, state, message, apply }: Props) {
  const formatAt = useFormatAt();
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);

  if (message.from === "host") {
    return (
      <li className="console-message" data-from="host">
        <HostLine state={state} message={message} />
      </li>
    );
  }

  const who = message.name || message.email || "this attendee";
  const authorId = message.registrantId;
  const muted = authorId !== null && state.muted.includes(authorId);
  const present = isPresent(state, authorId);
  const deleted = message.deletedAt !== null;
  const replies = repliesTo(state, message.id);

  const act = async (what: string, call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      toast.error(`Could not ${what}`, { body: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const toggleAnswered = () =>
    act(message.answeredAt === null ? "mark it answered" : "mark it unanswered", async () =>
      apply.message(await api.answer(eventId, message.id, message.answeredAt === null)),
    );

  const toggleMute = () =>
    act(muted ? `unmute ${who}` : `mute ${who}`, async () => {
      if (!authorId) return;
      await api.mute(eventId, authorId, !muted);
      apply.muted(authorId, !muted);
      toast.success(muted ? `${who} is unmuted` : `${who} is muted`, {
        body: muted ? "Their new messages reach you and, in a public chat, the room." : "Their messages now reach nobody but you. They are not told.",
      });
    });

  const remove = async () => {
    if (!(await confirmAction({ title: "Delete this message?", body: `“${message.body}” disappears for everyone who saw it.`, confirmLabel: "Delete" }))) return;
    await act("delete the message", async () => {
      await api.deleteMessage(eventId, message.id);
      apply.message({ ...message, deletedAt: Date.now() + state.clockOffset });
    });
  };

  const ban = async () => {
    if (!authorId) return;
    const ok = await confirmAction({
      title: `Ban ${who}?`,
      body: `${who} (${message.email ?? "no email"}) leaves the room now and cannot come back to any of your events. You can lift a ban in Leads.`,
      confirmLabel: "Ban",
    });
    if (!ok) return;
    await act(`ban ${who}`, async () => {
      await api.ban(eventId, authorId);
      toast.success(`${who} is banned`, { body: "Their room closed." });
    });
  };

  const reply = async ({ body, toAll, clientId }: { body: string; toAll: boolean; clientId: string }) => {
    const sent = await api.send(eventId, { clientId, body, toAll, replyTo: message.id, ...(toAll || !authorId ? {} : { toRegistrantId: authorId }) });
    apply.message(sent);
    // The server marks the message it answers answered (the channel says so too).
    if (message.answeredAt === null) apply.message({ ...message, answeredAt: sent.sentAt });
    setReplying(false);
    if (sent.emailed) toast.success(`Reply emailed to ${who}`, { body: `${who} had left the room: the reply went to ${message.email ?? "their email"} with a link to the replay.` });
  };

  return (
    <li className="console-message" data-unanswered={isUnanswered(message)}>
      <span className="console-meta">
        <strong>{message.name}</strong>
        {message.email && <span className="muted">{message.email}</span>}
        <time className="muted" dateTime={new Date(message.sentAt).toISOString()}>{formatAt(message.sentAt)}</time>
        {message.answeredAt !== null && <span className="badge" data-tone="success">Answered</span>}
        {message.muted && <span className="badge" data-tone="danger">Muted: only you saw it</span>}
        {!message.muted && muted && <span className="badge" data-tone="danger">Author muted</span>}
        {!present && !deleted && <span className="badge">Left the room</span>}
      </span>
      <p className="console-body" data-deleted={deleted}>{deleted ? "Message deleted." : message.body}</p>
      {replies.length > 0 && (
        <ul className="console-replies" aria-label={`Replies to ${who}`}>
          {replies.map((r) => (
            <li key={r.id}>
              <HostLine state={state} message={r} />
            </li>
          ))}
        </ul>
      )}
      {!deleted && (
        <div className="console-actions">
          <Button aria-expanded={replying} onClick={() => setReplying((open) => !open)}>
            {replying ? "Cancel reply" : "Reply"}
          </Button>
          <Button disabled={busy} onClick={() => void toggleAnswered()}>
            {message.answeredAt === null ? "Mark answered" : "Mark unanswered"}
          </Button>
          <Menu trigger={<Button disabled={busy}>More…</Button>} label={`More actions for the message from ${who}`}>
            <MenuItem onSelect={() => void toggleMute()}>{muted ? `Unmute ${who}` : `Mute ${who}`}</MenuItem>
            <MenuItem onSelect={() => void remove()}>Delete message</MenuItem>
            <MenuItem onSelect={() => void ban()}>Ban {who}…</MenuItem>
          </Menu>
        </div>
      )}
      {replying && (
        <MessageForm
          label={`Reply to ${who}`}
          autoFocus
          hint={
            present
              ? undefined
              : `${who} has left the room: a private reply is emailed to ${message.email ?? "them"} with a link to the replay. A reply to everyone reaches only those present.`
          }
          choices={[
            { label: "Reply privately", toAll: false, primary: true },
            { label: "Reply to everyone", toAll: true },
          ]}
          onSend={reply}
        />
      )}
    </li>
  );
}
