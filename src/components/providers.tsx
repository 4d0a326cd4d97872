"use client";

import type { ReactNode } from "react";
import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { TrpcProvider } from "@/components/trpc/react";

/** Client-side context of every page: the next-auth session (routes under /auth) and the tRPC client. */
export function Providers({ session, children }: { session: Session | null; children: ReactNode }) {
  return (
    <SessionProvider session={session} basePath="/auth" refetchOnWindowFocus={false}>
      <TrpcProvider>{children}</TrpcProvider>
    </SessionProvider>
  );
}
