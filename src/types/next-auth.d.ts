import "next-auth";
import "next-auth/jwt";

// The portal session carries the user id and code; authAt is the login instant (seconds).
declare module "next-auth" {
  interface Session {
    user: { id: string; userCode: string; authAt: number };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    authAt?: number;
  }
}
