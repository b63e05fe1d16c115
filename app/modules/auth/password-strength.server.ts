import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";

/**
 * zxcvbn's score runs 0–4; below 3 a password falls to an offline guessing attack in hours or
 * less (12345678, password1, qwertyuiop, iloveyou123). The common dictionary holds the leaked
 * password lists and keyboard patterns; it is large, so this stays on the server (the forms'
 * client-side checks cover only length) and is built once, on first use.
 */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** "passwordTooWeak" (a validation key) for a guessable password, else null. */
export function weakPasswordProblem(password: string, userInputs: Array<string | null | undefined> = []): "passwordTooWeak" | null {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  // The person's own email and names make a password weaker, not stronger.
  const inputs = userInputs.filter((v): v is string => Boolean(v)).flatMap((v) => [v, ...v.split(/[@.\s]+/)]);
  // zxcvbn's cost grows with length; beyond 100 characters nothing is guessable anyway.
  const { score } = estimator.check(password.slice(0, 100), inputs);
  return score < MIN_SCORE ? "passwordTooWeak" : null;
}
