/**
 * Reads a submitted form by input name. Input names are the procedure's field paths
 * ("finance.billingAddress.city"), so the server's field errors map back onto the inputs.
 */
export function formReader(form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    text: (name: string): string => String(data.get(name) ?? ""),
    /** A checkbox is in the form data only when checked. */
    checked: (name: string): boolean => data.get(name) !== null,
  };
}

/** The id of the input of a field path, also the anchor of the error summary's links. */
export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** A readable name for a field path in the error summary: "finance.billingAddress.zipCode" -> "Zip code". */
export function fieldLabel(path: string): string {
  const last = path.split(".").pop() ?? path;
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
