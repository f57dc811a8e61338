// The browser tests drive Debian's Chromium; say how to get it instead of failing obscurely.
import fs from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(path)) {
  console.error(`Browser tests need Chromium at ${path}. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}
