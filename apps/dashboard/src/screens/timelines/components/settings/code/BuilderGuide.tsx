import { useId } from "react";
import { Select } from "../../../../../ui/index.js";
import { PAGE_BUILDERS } from "../pageBuilders.js";
import type { BuilderGuide as Guide } from "./builderGuides.js";
import { wayLabel } from "./ways.js";

/**
 * The builder picker and, for the picked builder, which way to use, where to paste it step by
 * step, and what to do where the editor strips scripts.
 *
 * @example
 * <BuilderGuide guide={builderGuide(builder, origin)} onPick={setBuilder} />
 */
export function BuilderGuide({ guide, builder, onPick }: { guide: Guide | undefined; builder: string; onPick: (builder: string) => void }) {
  const id = useId();
  return (
    <section className="stack" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} style={{ margin: 0 }}>Where to paste it</h3>
      <Select label="Your page builder" value={builder} options={PAGE_BUILDERS} onChange={(e) => onPick(e.target.value)} />
      {guide && (
        <div className="stack builder-guide" aria-live="polite">
          <p style={{ margin: 0 }}>
            In {guide.label}, use the <strong>{wayLabel(guide.way)}</strong>.
          </p>
          <ol className="builder-steps">
            {guide.steps.map((step) => <li key={step}>{step}</li>)}
          </ol>
          <p className="muted" style={{ margin: 0 }}>
            <strong>If the form does not show:</strong> {guide.stripped}
          </p>
        </div>
      )}
    </section>
  );
}
