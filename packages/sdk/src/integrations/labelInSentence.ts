/**
 * A field label as it reads inside a sentence: a leading capitalised word is lower-cased, an
 * acronym is kept ("Headline" → "headline", "SMS text" → "SMS text", "API key" → "API key").
 *
 * @example
 * `Enter the ${labelInSentence("Reply-to number")}`; // "Enter the reply-to number"
 */
export function labelInSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
