/**
 * An encoding failure the host can act on: `message` is what the dashboard shows
 * (`media.encoding_error`), `detail` what the server logs beside it.
 *
 * @example
 * throw new EncodeError("This file has no video stream", `${path}: streams audio`);
 */
export class EncodeError extends Error {
  constructor(
    message: string,
    readonly detail = "",
  ) {
    super(message);
    this.name = "EncodeError";
  }
}
