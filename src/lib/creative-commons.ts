import type { CcType } from "@/generated/prisma/enums";

/** What a Creative Commons license is called, what it allows in a line, and its deed (version 4.0). */
export interface CcLicense {
  /** "CC BY-SA": how badges and pages name it. */
  code: string;
  name: string;
  /** What it lets others do, for a creator choosing one. */
  summary: string;
  url: string;
}

const deed = (path: string) => `https://creativecommons.org/licenses/${path}/4.0/`;

/** The six licenses a vod may be published under, from the most to the least permissive. */
export const CC_LICENSES: Record<CcType, CcLicense> = {
  BY: {
    code: "CC BY",
    name: "Attribution",
    summary: "Anyone may share, adapt and use it commercially, as long as they credit you.",
    url: deed("by"),
  },
  BY_SA: {
    code: "CC BY-SA",
    name: "Attribution-ShareAlike",
    summary: "Anyone may share, adapt and use it commercially, crediting you and sharing adaptations under the same license.",
    url: deed("by-sa"),
  },
  BY_ND: {
    code: "CC BY-ND",
    name: "Attribution-NoDerivatives",
    summary: "Anyone may share it, commercially too, crediting you, but not share adapted versions.",
    url: deed("by-nd"),
  },
  BY_NC: {
    code: "CC BY-NC",
    name: "Attribution-NonCommercial",
    summary: "Anyone may share and adapt it, crediting you, but not for commercial purposes.",
    url: deed("by-nc"),
  },
  BY_NC_SA: {
    code: "CC BY-NC-SA",
    name: "Attribution-NonCommercial-ShareAlike",
    summary: "Anyone may share and adapt it non-commercially, crediting you and sharing adaptations under the same license.",
    url: deed("by-nc-sa"),
  },
  BY_NC_ND: {
    code: "CC BY-NC-ND",
    name: "Attribution-NonCommercial-NoDerivatives",
    summary: "Anyone may share it non-commercially, crediting you; no adaptations. The most restrictive.",
    url: deed("by-nc-nd"),
  },
};

export const CC_TYPES = Object.keys(CC_LICENSES) as CcType[];
