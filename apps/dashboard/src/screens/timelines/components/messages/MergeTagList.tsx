import { MERGE_TAGS } from "@cuepoint/sdk";

/** The merge tags a message may use: the SDK's, then one per registration field of the timeline. */
export function mergeTagsOf(fields: readonly { name: string; label?: string }[]): { tag: string; label: string }[] {
  return [...MERGE_TAGS, ...fields.map((f) => ({ tag: `{custom.${f.name}}`, label: f.label || f.name }))];
}

/**
 * The merge tags beside a message body: each a button that inserts its tag at the cursor.
 *
 * @example
 * <MergeTagList fields={setting.registration.customForms} onInsert={(tag) => insert(tag)} label="Merge tags for the body" />
 */
export function MergeTagList({ fields, onInsert, label }: { fields: readonly { name: string; label?: string }[]; onInsert: (tag: string) => void; label: string }) {
  return (
    <div className="merge-tags" role="group" aria-label={label}>
      <p className="merge-tags-title">Merge tags <span className="muted">(click to insert)</span></p>
      <ul className="plain-list">
        {mergeTagsOf(fields).map(({ tag, label: name }) => (
          <li key={tag}>
            <button type="button" className="merge-tag" onClick={() => onInsert(tag)} title={`Insert ${tag}`}>
              <code>{tag}</code> <span className="muted">{name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
