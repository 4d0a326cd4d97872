/** Languages the service speaks (mails and messages); any other code is kept as given. */
export const LANGUAGE_OPTIONS = [
  { value: "en", label: "English" },
  { value: "it", label: "Italiano" },
];

export function languageOptions(current: string): { value: string; label: string }[] {
  return LANGUAGE_OPTIONS.some((o) => o.value === current) ? LANGUAGE_OPTIONS : [...LANGUAGE_OPTIONS, { value: current, label: current }];
}
