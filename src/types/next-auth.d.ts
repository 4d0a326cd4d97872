import "next-auth";
import "next-auth/jwt";

// The portal session carries the user id and code, and User.sessionVersion at login (a password
// change or disable moves the user's version on, which ends the session).
declare module "next-auth" {
  interface Session {
    user: { id: string; userCode: string; sessionVersion: number };
  }
  interface User {
    sessionVersion?: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sessionVersion?: number;
  }
}
