// The browser tests never skip silently: without Chromium they fail and say how to install it.
import fs from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `Chromium is missing (${CHROMIUM}). The end-to-end tests need Debian's Chromium:\n` +
      "  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "(`npx playwright install` cannot download browsers on this network.)",
  );
  process.exit(1);
}
