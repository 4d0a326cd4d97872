import { handleTokenRequest, tokenMethodNotAllowed } from "@/server/oauth/token-endpoint";

// POST /oauth/token - OAuth2 tokens (client_credentials, password, refresh_token); the door is src/server/oauth, the grants src/server/auth/oauth.
export const dynamic = "force-dynamic";

export const POST = handleTokenRequest;
export const GET = tokenMethodNotAllowed;
export const PUT = tokenMethodNotAllowed;
export const PATCH = tokenMethodNotAllowed;
export const DELETE = tokenMethodNotAllowed;
