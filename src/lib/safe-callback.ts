/** Only same-site paths are followed after login (no open redirect through ?callbackUrl=). */
export function safeCallbackUrl(value: string | string[] | undefined, fallback = "/dashboard"): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\") ? v : fallback;
}
