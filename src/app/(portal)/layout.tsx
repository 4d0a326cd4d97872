import { Suspense, type ReactNode } from "react";
import { RedirectToLogin } from "@/components/redirect-to-login";
import { getServerContext } from "@/server/portal/session";

// Every page of the portal needs a logged user. Pages redirect anonymous visitors themselves
// (requirePortalCaller: a 307 to the login that keeps the path, which a layout cannot know); this
// is the safety net for a page that does not, whose procedures would refuse the anonymous actor anyway.
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const anonymous = (await getServerContext()).actor.kind !== "user";
  return (
    <>
      {children}
      {anonymous && (
        <Suspense>
          <RedirectToLogin />
        </Suspense>
      )}
    </>
  );
}
