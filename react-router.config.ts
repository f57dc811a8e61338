import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router v8's behaviour now, so the upgrade changes nothing (and the build stops warning)
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
