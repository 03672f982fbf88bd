/**
 * `npm run typecheck`: the three TypeScript projects (scripts and schema, the web app, the Worker) checked
 * side by side instead of one after another (each is one single-threaded tsc; on two cores this takes
 * about half the time). Each project's errors are printed together, after it finishes.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../lib/wrangler.ts";

const tsc = join(projectRoot, "node_modules/typescript/bin/tsc");
const PROJECTS = [".", "web", "worker"];

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", project], { cwd: projectRoot, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`typecheck: tsc -p ${project} failed (exit ${code})`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(PROJECTS.map(check));
if (results.includes(false)) process.exit(1);
