import { isCountryCode } from "@/server/domain/users/countries";

/** The billing countries the domain accepts (ISO 3166-1 alpha-2), named in English, sorted by name. */
export function countryOptions(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) codes.push(String.fromCharCode(a, b));
  return codes
    .filter(isCountryCode)
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((x, y) => x.label.localeCompare(y.label, "en"));
}
