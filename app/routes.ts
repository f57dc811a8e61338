import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Paths are exactly the spec's (§2, §7); the SSO routes and /api/health are additions.
export default [
  index("routes/home.tsx"),
  route("app", "routes/app.tsx"),
  route("account", "routes/account.tsx"),
  route("beta-access", "routes/beta-access.tsx"),
  route("api/login", "routes/api.login.tsx"),
  route("api/login/sso", "routes/api.login.sso.ts"),
  route("api/login/sso/callback", "routes/api.login.sso.callback.ts"),
  route("api/logout", "routes/api.logout.ts"),
  route("api/health", "routes/api.health.ts"),
  route("api/auth/user", "routes/api.auth.user.ts"),
  route("api/auth/user/stats", "routes/api.auth.user.stats.ts"),
  route("api/documents", "routes/api.documents.ts"),
  route("api/admin/documents", "routes/api.admin.documents.ts"),
  route("api/admin/documents/upload", "routes/api.admin.documents.upload.ts"),
  route("api/admin/documents/:id", "routes/api.admin.documents.$id.ts"),
  route("api/admin/upload-sessions/:id", "routes/api.admin.upload-sessions.$id.ts"),
  route("api/admin/upload-sessions/:id/cancel", "routes/api.admin.upload-sessions.$id.cancel.ts"),
  route("api/admin/search-status", "routes/api.admin.search-status.ts"),
  route("admin", "routes/admin.tsx"),
  route("api/*", "routes/api.not-found.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
