import type { IntegrationKind } from "@cuepoint/sdk";

/**
 * The OAuth providers of the §2 callback routes, as each vendor documents its authorization-code
 * flow. Hosts are the vendors' real ones; `CUEPOINT_<KIND>_OAUTH_BASE_URL` rebases both URLs of a
 * kind (endpoints.ts). `clientAuth: "basic"` sends the app's id and secret as HTTP Basic at the
 * token URL (Zoom, GoTo, AWeber, GetResponse, Constant Contact); the others send them in the form.
 */
export interface OAuthProvider {
  authorizeUrl: string;
  /** Absent for Twilio Connect, whose callback carries the connected AccountSid instead of a code. */
  tokenUrl?: string;
  scope?: string;
  clientAuth?: "body" | "basic";
  /** Facebook's token exchange is a GET with query parameters. */
  tokenMethod?: "POST" | "GET";
  authorizeParams?: Record<string, string>;
}

const google = (scope: string): OAuthProvider => ({
  authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  scope,
  // A refresh token is only granted with offline access, and only again with consent.
  authorizeParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
});

const zoom: OAuthProvider = {
  authorizeUrl: "https://zoom.us/oauth/authorize",
  tokenUrl: "https://zoom.us/oauth/token",
  clientAuth: "basic",
};

export const OAUTH_PROVIDERS: Partial<Record<IntegrationKind, OAuthProvider>> = {
  YOUTUBE: google("https://www.googleapis.com/auth/youtube"),
  GOOGLECALENDAR: google("https://www.googleapis.com/auth/calendar"),
  GOOGLESHEETS: google(
    "https://www.googleapis.com/auth/spreadsheets https://www.googleapis.com/auth/drive.readonly",
  ),
  ZOOM: zoom,
  ZOOMAUTOCHAT: zoom,
  GOTOWEBINAR: {
    authorizeUrl: "https://authentication.logmeininc.com/oauth/authorize",
    tokenUrl: "https://authentication.logmeininc.com/oauth/token",
    clientAuth: "basic",
  },
  AWEBER: {
    authorizeUrl: "https://auth.aweber.com/oauth2/authorize",
    tokenUrl: "https://auth.aweber.com/oauth2/token",
    scope: "account.read list.read list.write subscriber.read subscriber.write",
    clientAuth: "basic",
  },
  GETRESPONSE: {
    authorizeUrl: "https://app.getresponse.com/oauth2_authorize.html",
    tokenUrl: "https://api.getresponse.com/v3/token",
    clientAuth: "basic",
  },
  MAILCHIMP: {
    authorizeUrl: "https://login.mailchimp.com/oauth2/authorize",
    tokenUrl: "https://login.mailchimp.com/oauth2/token",
  },
  DRIP: { authorizeUrl: "https://www.getdrip.com/oauth/authorize", tokenUrl: "https://www.getdrip.com/oauth/token" },
  HUBSPOT: {
    authorizeUrl: "https://app.hubspot.com/oauth/authorize",
    tokenUrl: "https://api.hubapi.com/oauth/v1/token",
    scope: "crm.objects.contacts.read crm.objects.contacts.write crm.lists.read crm.lists.write automation",
  },
  CONSTANTCONTACT: {
    authorizeUrl: "https://authz.constantcontact.com/oauth2/default/v1/authorize",
    tokenUrl: "https://authz.constantcontact.com/oauth2/default/v1/token",
    scope: "contact_data offline_access",
    clientAuth: "basic",
  },
  SLACK: {
    authorizeUrl: "https://slack.com/oauth/v2/authorize",
    tokenUrl: "https://slack.com/api/oauth.v2.access",
    // Comma-separated, as Slack's v2 authorize documents; services/slack/README.md says why each.
    scope: "chat:write,chat:write.public,channels:read,groups:read,channels:history,groups:history",
  },
  SALESMESSAGE: {
    authorizeUrl: "https://app.salesmessage.com/auth/oauth",
    // https://www.salesmessage.com/partnership-integration-guide (services/salesmessage/README.md).
    tokenUrl: "https://api.salesmessage.com/pub/v2.2/oauth/token",
  },
  CAMPAIGNMONITOR: {
    authorizeUrl: "https://api.createsend.com/oauth",
    tokenUrl: "https://api.createsend.com/oauth/token",
    scope: "ViewReports,ManageLists,ImportSubscribers",
  },
  TWILIO: { authorizeUrl: "https://www.twilio.com/authorize/{client_id}" },
  INFUSIONSOFT: {
    authorizeUrl: "https://accounts.infusionsoft.com/app/oauth/authorize",
    tokenUrl: "https://api.infusionsoft.com/token",
    scope: "full",
  },
  FACEBOOK: {
    authorizeUrl: "https://www.facebook.com/v19.0/dialog/oauth",
    tokenUrl: "https://graph.facebook.com/v19.0/oauth/access_token",
    scope: "ads_management",
    tokenMethod: "GET",
  },
};
