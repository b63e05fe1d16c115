// `npm run lint` runs this: it fails on an import cycle between folders under app/modules (decision record 045).
import { cycleProblems, readModuleGraph } from "./module-cycles";

const problems = cycleProblems(readModuleGraph(process.cwd()));
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${problems.length} problem(s) with imports between module folders; see docs/decisions/045-module-layering.md.`);
  process.exit(1);
}
