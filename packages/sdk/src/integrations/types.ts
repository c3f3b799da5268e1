import type { DeliveryPlatform } from "../constants.js";
import type { IntegrationAuth, IntegrationCategory, IntegrationKind } from "./kinds.js";
import type { OAuthCallbackRoute } from "./oauthCallbackRoutes.js";
import type {
  ActionIcon,
  ActionKey,
  CredentialFieldName,
  FieldKind,
  ListName,
} from "./vocabulary.js";

/** One choice of a select: the wire `value` and the `label` a host reads. */
export interface FieldOption {
  readonly value: string;
  readonly label: string;
}

/**
 * A format check on a credential beyond "required":
 * `url` http(s) address, `domain` host name (DOMAIN_PATTERN), `port` 1..65535,
 * `awsRegion` an AWS region code such as us-east-1, `email` an email address (rules/email).
 */
export type CredentialFormat = "url" | "domain" | "port" | "awsRegion" | "email";

/** One field of a kind's credential form, named by its wire field name (spec §3). */
export interface CredentialField {
  readonly name: CredentialFieldName;
  readonly label: string;
  /** Secrets are typed into a password input and come back from the server masked. */
  readonly secret: boolean;
  readonly required: boolean;
  /** The choices of a picklist field (accountType). */
  readonly options?: readonly FieldOption[];
  readonly format?: CredentialFormat;
  readonly placeholder?: string;
  /** A line under the input saying what the field is for. */
  readonly hint?: string;
}

/**
 * One field of an action's form, named by its model field (the node's `model`).
 *
 * Model field names used across the catalogue, after spec §3 "Action model fields":
 * tagName, listName, campaignName, workflowName, automationName, sequenceName, groupName,
 * goalName, poolName, flowName, template, smsText, mmsText, phonenumber, type, image, file,
 * replyTo, audiofile, webhook, message, from, subject, headline, subheadline, emailFrom,
 * nameFrom, emailSubject, spreadsheet, worksheet, channel, calendar, audience.
 *
 * A field with a `list` stores the chosen entry's `id` (the spec's wording "tag name", "list
 * name" is kept in the wire name only); with `match: "name"` it stores the entry's name instead,
 * as email-marketing services identify tags by name.
 */
export interface ActionField {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly required: boolean;
  readonly list?: ListName;
  /** How the value is found in the cached list; `id` unless said. */
  readonly match?: "id" | "name";
  /** What the list calls one entry in this service ("an audience"), for messages. */
  readonly noun?: string;
  readonly options?: readonly FieldOption[];
  readonly placeholder?: string;
}

/** One action a timeline node can run through an integration. */
export interface ActionDefinition {
  readonly key: ActionKey;
  readonly label: string;
  readonly icon: ActionIcon;
  readonly fields: readonly ActionField[];
}

/** The catalogue entry of one integration kind. */
export interface IntegrationEntry {
  readonly type: IntegrationKind;
  /** The service's name as hosts know it. */
  readonly label: string;
  readonly category: IntegrationCategory;
  readonly auth: IntegrationAuth;
  /** The `/{integration}callback` route the provider returns to, with its query parameters. */
  readonly callbackRoute?: OAuthCallbackRoute;
  readonly callbackParams?: readonly string[];
  /** The form a host fills to connect; empty for OAuth-only and field-less kinds. */
  readonly credentials: readonly CredentialField[];
  readonly actions: readonly ActionDefinition[];
  /** The delivery platform (general.deliveryPlatform) this kind provides, if any. */
  readonly deliveryPlatform?: DeliveryPlatform;
  /** The path segment of `/{kind}/getlists` and friends when it is not the lower-case type. */
  readonly apiPath?: string;
  /**
   * True when the server reads the service's lists (`POST /{kind}/getlists`: tags, audiences,
   * sheets…). Absent: that call answers 400 saying what the kind supports, and hosts ask for an entry's id as plain text.
   */
  readonly lists?: true;
}
