import type { TimelineMaster } from "@cuepoint/sdk";
import { useRef, useState } from "react";
import { apiURL } from "../../../../api/client.js";
import { RegistrationFormWidget } from "./lazyWidgets.js";

/**
 * A live preview of the timeline's registration form, as visitors see it (the `RegistrationForm`
 * widget on the same API), in the widget's preview mode: submitting checks the fields but
 * registers nobody. It loads again after each save of the timeline.
 *
 * @example
 * <RegistrationPreview master={master} />
 */
export function RegistrationPreview({ master }: { master: TimelineMaster }) {
  // A saved setting is a new master object: remount the form so it loads the saved config.
  const version = useRef({ master, count: 0 });
  if (version.current.master !== master) version.current = { master, count: version.current.count + 1 };
  const [status, setStatus] = useState<string>();
  return (
    <section className="stack card" aria-labelledby="registration-preview-heading">
      <div>
        <h2 id="registration-preview-heading" style={{ marginBottom: 4 }}>Preview</h2>
        <p className="muted" style={{ margin: 0 }}>
          Your registration form as visitors see it, with the saved settings. This is a preview: submitting it checks the
          fields but registers nobody.
        </p>
      </div>
      <div className="registration-preview">
        <RegistrationFormWidget key={version.current.count} timelineId={String(master.id)} apiURL={apiURL} preview onReady={(ready) => setStatus(ready.status)} />
      </div>
      {status === "closed" && (
        <p className="muted" style={{ margin: 0 }}>
          Visitors see this until registration is open and the timeline has an upcoming visible event: schedule one on the
          Webinars screen.
        </p>
      )}
      {status === "blocked" && (
        <p className="muted" style={{ margin: 0 }}>This dashboard's address is not on the registration whitelist; pages on the allowed domains show the form.</p>
      )}
    </section>
  );
}
