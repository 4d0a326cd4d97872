import type { CcType } from "@/generated/prisma/enums";

// The six Creative Commons licenses a vod may be published under (4.0 International), as people
// read them: the short name of the badge, the full name, and the deed on creativecommons.org.

const NAMES: Record<CcType, string> = {
  BY: "Attribution",
  BY_SA: "Attribution-ShareAlike",
  BY_ND: "Attribution-NoDerivatives",
  BY_NC: "Attribution-NonCommercial",
  BY_NC_SA: "Attribution-NonCommercial-ShareAlike",
  BY_NC_ND: "Attribution-NonCommercial-NoDerivatives",
};

export interface CcLicense {
  /** "CC BY-NC-SA 4.0" */
  shortName: string;
  /** "Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International" */
  name: string;
  /** https://creativecommons.org/licenses/by-nc-sa/4.0/ */
  deedUrl: string;
}

export function ccLicense(ccType: CcType): CcLicense {
  const code = ccType.replace(/_/g, "-");
  return {
    shortName: `CC ${code} 4.0`,
    name: `Creative Commons ${NAMES[ccType]} 4.0 International`,
    deedUrl: `https://creativecommons.org/licenses/${code.toLowerCase()}/4.0/`,
  };
}
