import { toast } from "../../../../../ui/index.js";

/**
 * Copies a snippet to the clipboard and says so; where the browser refuses, selects the text of
 * the field showing it so the host can copy it by hand.
 *
 * @example
 * <Button onClick={() => void copySnippet(code, fieldId, "Script tag copied")}>Copy script tag</Button>
 */
export async function copySnippet(text: string, fieldId: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done, { body: "Paste it into your registration page." });
  } catch {
    const field = document.getElementById(fieldId);
    if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) {
      field.focus();
      field.select();
    }
    toast.info("Select the code and copy it", { body: "This browser did not allow copying automatically." });
  }
}
