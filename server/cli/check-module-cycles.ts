// `npm run lint` runs this: it fails on an import cycle between folders anywhere under app/, and on an
// import that runs up a layer (decision records 045 and 074).
import { importProblems, readAppGraph } from "./module-cycles";

const problems = importProblems(readAppGraph(process.cwd()));
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${problems.length} problem(s) with imports between folders; see docs/decisions/074-layers-and-module-entries.md.`);
  process.exit(1);
}
