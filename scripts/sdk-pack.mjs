// Packs @bahi/sdk as npm would publish it, into ./dist, and prints how to install the tarball in a
// project of one's own: until the SDK is on the npm registry, this is how a clone's SDK is used.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const destination = join(root, "dist");
mkdirSync(destination, { recursive: true });
const [packed] = JSON.parse(
  execFileSync("npm", ["pack", "--json", "--pack-destination", destination], {
    cwd: join(root, "packages/sdk"),
    encoding: "utf8",
  }),
);
const tarball = join(destination, packed.filename);
console.log(`Packed ${packed.name} ${packed.version}: ${tarball}

Install it in your project (Node.js 20 or later) with:

  npm install ${tarball}

Once @bahi/sdk is published, \`npm install @bahi/sdk\` installs the same package from the registry.`);
