import { BANNER_DISMISS_KEY, bannerHeadings, DEFAULT_BANNER_COLOR } from "@cuepoint/sdk";
import { useEffect, useState } from "react";
import { client } from "../api/client.js";
import { useSessionData } from "../session/dataStore.js";
import { IconButton } from "../ui/Button.js";
import { CloseIcon, MegaphoneIcon } from "../ui/icons.js";

export interface BannerContent {
  color?: string;
  mobileHeading?: string;
  fullHeading?: string;
  buttonTitle?: string;
  link?: string;
  /** Read instead by an account with a connected integration (the SDK's `bannerHeadings`). */
  connectedHeading?: string;
  connectedMobileHeading?: string;
}

/** The event dispatched on `window` when the banner is dismissed. */
export const BANNER_CLOSED_EVENT = "cuepoint:banner-closed";

/**
 * Whether the banner shows (spec §2, §4): a full heading is configured, that same heading was not
 * dismissed, the route is not the timeline editor, and the URL does not contain "callback".
 *
 * @example
 * bannerVisible({ fullHeading: "Maintenance" }, { routeName: "index___en-US", url: "http://x/#/", dismissed: null }); // true
 */
export function bannerVisible(
  content: BannerContent | undefined,
  where: { routeName: string | undefined; url: string; dismissed: string | null },
): boolean {
  const heading = content?.fullHeading;
  if (!heading) return false;
  if (where.dismissed === heading) return false;
  if (where.routeName?.startsWith("timelines-id___")) return false;
  return !where.url.includes("callback");
}

const readDismissed = () => {
  try {
    return localStorage.getItem(BANNER_DISMISS_KEY);
  } catch {
    return null;
  }
};

/**
 * The announcement banner above the page (logged-in layout). An account with a connected
 * integration reads the banner's connected headings where it has them: the demo's "nothing here
 * sends real messages" is no longer true once an integration can send.
 */
export function Banner({ routeName }: { routeName: string | undefined }) {
  const [content, setContent] = useState<BannerContent>();
  const [dismissed, setDismissed] = useState(readDismissed);
  const integrations = useSessionData("integrations").data;
  const connected = Object.values(integrations ?? {}).some((integration) => integration.connected);
  const headings = bannerHeadings(content, { connected });
  useEffect(() => {
    client.banner.get().then(
      (answer) => setContent(answer.content),
      () => setContent(undefined),
    );
  }, []);
  if (!bannerVisible({ fullHeading: headings.full }, { routeName, url: location.href, dismissed })) return null;
  const heading = headings.full;
  const dismiss = () => {
    try {
      localStorage.setItem(BANNER_DISMISS_KEY, heading);
    } catch {
      // Without storage the banner stays hidden for this page only.
    }
    setDismissed(heading);
    dispatchEvent(new CustomEvent(BANNER_CLOSED_EVENT, { detail: heading }));
  };
  return (
    <aside className="banner" aria-label="Announcement" style={{ background: content?.color || DEFAULT_BANNER_COLOR }}>
      <MegaphoneIcon />
      <p className="banner-heading" style={{ margin: 0 }}>
        <span className="banner-short">{headings.mobile}</span>
        <span className="banner-full">{heading}</span>
      </p>
      {content?.link && (
        <a className="btn" href={content.link} target="_blank" rel="noopener noreferrer">
          {content.buttonTitle || "Learn more"}
        </a>
      )}
      <IconButton label="Dismiss announcement" icon={<CloseIcon />} onClick={dismiss} />
    </aside>
  );
}
