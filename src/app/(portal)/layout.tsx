import { Suspense, type ReactNode } from "react";
import { RedirectToLogin } from "@/components/redirect-to-login";
import { StudioNav } from "@/components/studio/studio-nav";
import { getServerCaller, getServerContext } from "@/server/portal/session";

// The creator studio: every page of the portal, beside the studio's own navigation (the viewer site's
// header stays above it). Every page needs a logged user. Pages redirect anonymous visitors themselves
// (requirePortalCaller: a 307 to the login that keeps the path, which a layout cannot know); this
// is the safety net for a page that does not, whose procedures would refuse the anonymous actor anyway.
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const anonymous = (await getServerContext()).actor.kind !== "user";
  const staff = !anonymous && (await (await getServerCaller()).admin.role()) !== null;
  return (
    <div className="studio">
      {!anonymous && <StudioNav staff={staff} />}
      <div className="studio__content">{children}</div>
      {anonymous && (
        <Suspense>
          <RedirectToLogin />
        </Suspense>
      )}
    </div>
  );
}
