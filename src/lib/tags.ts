/** Tags typed as one comma-separated text (the portal's fields, tus metadata): trimmed, empty ones dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}
